import { chartStyle } from '@bagysh/shared';

/** The live chart's frame (toolbar above, drawing below), as MUI `sx` styles. */
export function chartBoxStyles(height: number | string) {
  return {
    display: 'flex',
    flexDirection: 'column',
    height,
    minHeight: 360,
    border: 1,
    borderColor: 'divider',
    borderRadius: 2,
    overflow: 'hidden',
    bgcolor: chartStyle.background,
  } as const;
}
