import { addAreaMessages } from '../index';

/**
 * The "Жазып алуу" button's words alone: the person page shows it at once, the recorder and
 * the rest of the area come with its first click (areas/voices.ts).
 */
export const voicesButton = {
  record: 'Жазып алуу',
};

addAreaMessages('voices', voicesButton);
