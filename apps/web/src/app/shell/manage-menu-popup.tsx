import MenuItem from '@mui/material/MenuItem';
import { useLocation } from 'react-router';
import { useScript } from '../../lib/script';
import type { NavLinkItem } from './nav-items';
import { OverlayLink } from '../../components/overlay-link';
import { OverlayMenu } from '../../components/overlay-menu';

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

  return (
    <OverlayMenu id={id} anchor={anchor} onClose={onClose}>
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
    </OverlayMenu>
  );
}
