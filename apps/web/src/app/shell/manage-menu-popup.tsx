import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useLocation } from 'react-router';
import { useScript } from '../../lib/script';
import { useOverlay } from '../../lib/use-overlay';
import type { NavLinkItem } from './nav-items';
import { OverlayLink } from './overlay-link';

interface ManageMenuPopupProps {
  id: string;
  anchor: HTMLElement | null;
  links: NavLinkItem[];
  onClose: () => void;
}

/** The 'Башкаруу' menu's popup: the management pages as menu items (arrow keys, Esc). */
export default function ManageMenuPopup({ id, anchor, links, onClose }: ManageMenuPopupProps) {
  const script = useScript();
  const { pathname } = useLocation();
  const open = anchor !== null;
  const overlay = useOverlay({ open, onClose });

  return (
    <Menu
      id={id}
      anchorEl={anchor}
      open={open}
      onClose={overlay.handleClose}
      sx={{ zIndex: overlay.zIndex }}
      slotProps={{ paper: { ref: overlay.contentRef } }}
    >
      {links.map((link) => (
        <MenuItem
          key={link.key}
          component={OverlayLink}
          to={link.to}
          onNavigate={onClose}
          selected={pathname === link.to}
          aria-current={pathname === link.to ? 'page' : undefined}
          {...script.label(link.label)}
        >
          {script.text(link.label)}
        </MenuItem>
      ))}
    </Menu>
  );
}
