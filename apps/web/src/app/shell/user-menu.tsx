import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonSx } from '../../components/link-button';
import { useScript } from '../../lib/script';
import { useSessionStore, userDisplayName } from '../../lib/session-store';
import { lazyOverlay } from './lazy-overlays';

const UserMenuPopup = lazyOverlay(() => import('./user-menu-popup'));

/** The signed-in user's menu in the header: profile and 'Чыгуу'. */
export function UserMenu({ onDark }: { onDark: boolean }) {
  const { t } = useTranslation();
  const script = useScript();
  const user = useSessionStore((state) => state.user);
  const name = userDisplayName(user) ?? t('header.profile');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const open = anchor !== null;
  const menuId = useId();

  return (
    <>
      <Box
        component="button"
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={[
          buttonSx('text', onDark ? 'light' : 'primary'),
          { color: onDark ? '#fff' : 'text.primary', flexShrink: 0, px: 1.25 },
        ]}
        {...script.label(name)}
      >
        {script.text(name)}
        <ExpandMoreIcon fontSize="small" />
      </Box>
      <UserMenuPopup needed={open} id={menuId} anchor={anchor} onClose={() => setAnchor(null)} />
    </>
  );
}
