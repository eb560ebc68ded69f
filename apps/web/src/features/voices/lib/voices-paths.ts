import { href } from '../../../config/paths';

/**
 * The voices' hrefs: routes of the table through `href` (config/paths.ts), kept out of its
 * `paths` object, which every first paint loads. `/recordings/{fileId}` is the page of a
 * recording with its transcript (docs/product.md, Routes).
 */
export const voicesPaths = {
  informants: () => href('informants'),
  informant: (id: number) => href('informant', { id }),
  recording: (fileId: number) => `/recordings/${encodeURIComponent(String(fileId))}`,
};
