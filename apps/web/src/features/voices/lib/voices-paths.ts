import { href } from '../../../config/paths';

/**
 * The voices' hrefs: routes of the table through `href` (config/paths.ts), kept out of its
 * `paths` object, which every first paint loads. A recording's page is `recordingPath`
 * (packages/shared, transcripts.ts).
 */
export const voicesPaths = {
  informants: () => href('informants'),
  informant: (id: number) => href('informant', { id }),
};
