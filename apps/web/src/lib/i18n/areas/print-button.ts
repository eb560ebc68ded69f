import { addAreaMessages } from '../index';

/**
 * The print area's message of its button, apart from the rest of the area (./print.ts, which
 * includes it): the person page and the tree show the button, the dialog loads the rest.
 */
export const printButton = {
  open: 'Басып чыгаруу',
  /** In a chart's toolbar, beside the chart's own "Басып чыгаруу" of what is on the screen. */
  openInToolbar: 'PDF: постер, китеп',
};

addAreaMessages('print', printButton);
