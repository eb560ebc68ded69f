import EventIcon from '@mui/icons-material/EventOutlined';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import HelpOutlineIcon from '@mui/icons-material/HelpOutlined';
import LogoutIcon from '@mui/icons-material/Logout';
import MapIcon from '@mui/icons-material/MapOutlined';
import MicIcon from '@mui/icons-material/MicNoneOutlined';
import NotificationsIcon from '@mui/icons-material/NotificationsOutlined';
import PersonIcon from '@mui/icons-material/Person';
import RateReviewIcon from '@mui/icons-material/RateReviewOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { NAV_DRAWER_WIDTH } from '../../config/constants';
import { href, paths } from '../../config/paths';
import { useAppStore } from '../../lib/app-store';
import { useModerationCounts } from '../../lib/moderation-counts';
import { useUnreadNotices } from '../../lib/notice-count';
import { useScript } from '../../lib/script';
import { useSessionStore, userDisplayName } from '../../lib/session-store';
import { useOverlay } from '../../lib/use-overlay';
import { openLogoutDialog } from './logout-store';
import { ModerationBadge, NoticesBadge } from './moderation-badge';
import { useNavLinks } from './nav-items';
import { OverlayLink } from '../../components/overlay-link';

/**
 * The right-hand drawer of narrow screens (below lg): the user menu or a login button, then
 * the navigation links. Open while the app store's `drawer` flag is set.
 */
export default function NavDrawer() {
  const { t } = useTranslation();
  const script = useScript();
  const open = useAppStore((state) => state.drawer);
  const setDrawer = useAppStore((state) => state.setDrawer);
  const close = () => setDrawer(false);
  const overlay = useOverlay({ open, onClose: close });
  const logged = useSessionStore((state) => state.logged);
  const user = useSessionStore((state) => state.user);
  const links = useNavLinks();
  const { pathname } = useLocation();
  const counts = useModerationCounts();
  const unread = useUnreadNotices();

  const item = (
    to: string,
    label: string,
    icon?: ReactNode,
    badge?: number,
    kind: 'moderation' | 'notices' = 'moderation',
  ) => (
    <ListItemButton
      key={to}
      component={OverlayLink}
      to={to}
      onNavigate={close}
      selected={pathname === to || pathname.startsWith(`${to}/`)}
      aria-current={pathname === to ? 'page' : undefined}
      {...script.label(
        badge
          ? `${label}, ${t(kind === 'notices' ? 'header.unreadNotices' : 'header.moderationWaiting', { count: badge })}`
          : label,
      )}
    >
      {icon && <ListItemIcon sx={{ minWidth: 36 }}>{icon}</ListItemIcon>}
      <ListItemText primary={script.text(label)} />
      {badge ? (
        kind === 'notices' ? (
          <NoticesBadge count={badge} />
        ) : (
          <ModerationBadge count={badge} />
        )
      ) : null}
    </ListItemButton>
  );

  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={overlay.handleClose}
      sx={{ zIndex: overlay.zIndex }}
      slotProps={{
        paper: {
          ref: overlay.contentRef,
          sx: { width: NAV_DRAWER_WIDTH },
          ...{ 'data-testid': 'nav-drawer' },
        },
      }}
    >
      <Box sx={{ p: 2 }}>
        {logged ? (
          <Typography sx={{ fontWeight: 600 }} noWrap>
            {script.text(userDisplayName(user) ?? t('header.profile'))}
          </Typography>
        ) : (
          <Button
            variant="contained"
            fullWidth
            component={OverlayLink}
            to={paths.login()}
            onNavigate={close}
            {...script.label(t('header.login'))}
          >
            {script.text(t('header.login'))}
          </Button>
        )}
      </Box>
      {logged && (
        <List dense disablePadding aria-label={t('header.profile')}>
          {item(paths.profile(), t('header.profile'), <PersonIcon fontSize="small" />)}
          {item(
            paths.notices(),
            t('titles.notices'),
            <NotificationsIcon fontSize="small" />,
            unread,
            'notices',
          )}
          {item(
            paths.contributions(),
            t('titles.contributions'),
            <RateReviewIcon fontSize="small" />,
          )}
          {counts &&
            item(
              paths.moderation(),
              t('titles.moderation'),
              <FactCheckIcon fontSize="small" />,
              counts.total,
            )}
          <ListItemButton onClick={openLogoutDialog} {...script.label(t('header.logout'))}>
            <ListItemIcon sx={{ minWidth: 36 }}>
              <LogoutIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText primary={script.text(t('header.logout'))} />
          </ListItemButton>
        </List>
      )}
      <Divider />
      <Box component="nav" aria-label={t('header.navigation')}>
        <List>{links.map((link) => item(link.to, link.label))}</List>
      </Box>
      <Divider />
      <List>
        {item(paths.calendar(), t('titles.calendar'), <EventIcon fontSize="small" />)}
        {item(paths.map(), t('titles.map'), <MapIcon fontSize="small" />)}
        {item(href('informants'), t('titles.informants'), <MicIcon fontSize="small" />)}
        {item(paths.reference(), t('nav.reference'), <HelpOutlineIcon fontSize="small" />)}
      </List>
    </Drawer>
  );
}
