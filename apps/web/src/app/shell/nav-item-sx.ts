import { alpha, type Theme } from '@mui/material/styles';
import type { SystemStyleObject } from '@mui/system';
import { READABLE_RUNES } from '../../config/theme';

/** From this width the menu has room for its roomier spacing (1280 px is tight, see nav-menu). */
const ROOMY = '@media (min-width: 1440px)';

/** A header link's look; `[data-current]` marks the page shown (a link or the menu holding it). */
export function navItemSx(theme: Theme, onDark: boolean, runes: boolean): SystemStyleObject<Theme> {
  const ink = onDark ? '#fff' : theme.palette.text.primary;
  const accent = onDark ? '#fff' : theme.palette.primary.dark;
  return {
    position: 'relative',
    px: runes ? '5px' : '7px',
    py: 0.75,
    borderRadius: 1,
    fontSize: 13,
    [ROOMY]: { px: 1, fontSize: 14 },
    ...READABLE_RUNES,
    fontWeight: 500,
    lineHeight: 1.5,
    whiteSpace: 'nowrap',
    textDecoration: 'none',
    color: ink,
    '&:hover': { bgcolor: alpha(accent, 0.1) },
    '&:focus-visible': { outline: '2px solid', outlineColor: accent },
    '&[aria-current="page"], &[data-current]': { color: accent, fontWeight: 600 },
    '&[aria-current="page"]::after, &[data-current]::after': {
      content: '""',
      position: 'absolute',
      left: 4,
      right: 4,
      bottom: 0,
      height: 2,
      borderRadius: 1,
      bgcolor: accent,
    },
  };
}
