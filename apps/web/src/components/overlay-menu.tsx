import Menu, { type MenuProps } from '@mui/material/Menu';
import { useOverlay } from '../lib/use-overlay';

type OverlayMenuProps = Omit<MenuProps, 'open' | 'onClose' | 'anchorEl' | 'sx' | 'slotProps'> & {
  /** The button it opens from; null: closed. */
  anchor: HTMLElement | null;
  onClose: () => void;
};

/**
 * MUI's Menu as one of the site's overlays (lib/use-overlay.ts): its layer above the others,
 * Back and Escape close it. Links in it are `OverlayLink`s, so Back from where they lead
 * returns to the page the menu was on.
 */
export function OverlayMenu({ anchor, onClose, ...props }: OverlayMenuProps) {
  const open = anchor !== null;
  const overlay = useOverlay({ open, onClose });
  return (
    <Menu
      {...props}
      anchorEl={anchor}
      open={open}
      onClose={overlay.handleClose}
      sx={{ zIndex: overlay.zIndex }}
      slotProps={{ paper: { ref: overlay.contentRef } }}
    />
  );
}
