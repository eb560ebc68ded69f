import Snackbar from '@mui/material/Snackbar';
import SnackbarContent from '@mui/material/SnackbarContent';
import { useTheme, type Palette, type PaletteColor } from '@mui/material/styles';
import { useRef, useState, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SNACKBAR_DISPLAY_TIMEOUT, SNACKBAR_SWIPE_PX } from '../../config/constants';
import { translateMessage } from '../../lib/i18n';
import { useScript } from '../../lib/script';
import { useSnackbarStore } from '../../lib/snackbar-store';

/** Whether a horizontal drag of `dx` pixels dismisses the snackbar (more than 50 px). */
export function isSnackbarSwipe(dx: number): boolean {
  return Math.abs(dx) > SNACKBAR_SWIPE_PX;
}

function colorOf(palette: Palette, color: string): string {
  const entry = (palette as unknown as Record<string, unknown>)[color];
  if (entry && typeof entry === 'object' && 'main' in entry) return (entry as PaletteColor).main;
  return color;
}

function contrastText(palette: Palette, background: string): string {
  try {
    return palette.getContrastText(background);
  } catch {
    return '#fff'; // a CSS colour name MUI cannot parse, such as the store's default 'purple'
  }
}

/**
 * The displayed snackbar (docs/product.md, Snackbar): the store's message translated, its timeout
 * or 5000 ms, the secondary colour unless a notice asks for another; a swipe over 50 px closes it.
 */
export default function SnackbarView() {
  useTranslation();
  const theme = useTheme();
  const script = useScript();
  const { isVisible, message, timeout, color, hide } = useSnackbarStore();
  const [dx, setDx] = useState(0);
  const start = useRef<number | null>(null);
  const background = colorOf(theme.palette, color);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    start.current = event.clientX;
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (start.current !== null) setDx(event.clientX - start.current);
  };
  const onPointerEnd = (event: PointerEvent<HTMLDivElement>) => {
    if (start.current === null) return;
    const moved = event.clientX - start.current;
    start.current = null;
    setDx(0);
    if (isSnackbarSwipe(moved)) hide();
  };

  return (
    <Snackbar
      open={isVisible}
      autoHideDuration={timeout || SNACKBAR_DISPLAY_TIMEOUT}
      onClose={(_event, reason) => {
        if (reason !== 'clickaway') hide();
      }}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      <SnackbarContent
        data-testid="snackbar"
        message={script.text(translateMessage(message))}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerEnd}
        sx={{
          bgcolor: background,
          color: contrastText(theme.palette, background),
          touchAction: 'pan-y',
          userSelect: 'none',
          cursor: 'grab',
          transform: dx ? `translateX(${dx}px)` : undefined,
          opacity: dx ? Math.max(0.3, 1 - Math.abs(dx) / 200) : 1,
        }}
      />
    </Snackbar>
  );
}
