import Box from '@mui/material/Box';
import type { Theme } from '@mui/material/styles';
import type { SystemStyleObject } from '@mui/system';

/**
 * A rune text a Cyrillic page shows, drawn from the rune font's outlines
 * (config/runes-*.ts) so that the font is downloaded only once the reader chose runes.
 * Decoration for the eye: the accessible text is given beside it.
 */
export function RuneOutline({
  outline: { text, viewBox, emHeight, d },
  fontSize,
  sx = {},
}: {
  /** One of config/runes-*.ts. */
  outline: { text: string; viewBox: string; emHeight: number; d: string };
  /** The font size it stands in for (px, or one per breakpoint). */
  fontSize: number | Record<string, number>;
  /** Its place. */
  sx?: SystemStyleObject<Theme>;
}) {
  const height =
    typeof fontSize === 'number'
      ? fontSize * emHeight
      : Object.fromEntries(Object.entries(fontSize).map(([key, size]) => [key, size * emHeight]));
  return (
    <Box
      component="svg"
      aria-hidden
      data-runes={text}
      viewBox={viewBox}
      sx={{ display: 'inline-block', height, fill: 'currentColor', verticalAlign: 'middle', ...sx }}
    >
      <path d={d} />
    </Box>
  );
}
