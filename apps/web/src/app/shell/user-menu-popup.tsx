import Badge from '@mui/material/Badge';
import MenuItem from '@mui/material/MenuItem';
import { useTranslation } from 'react-i18next';
import { paths } from '../../config/paths';
import { useModerationCounts } from '../../lib/moderation-counts';
import { useUnreadNotices } from '../../lib/notice-count';
import { useScript } from '../../lib/script';
import { openLogoutDialog } from './logout-store';
import { OverlayLink } from '../../components/overlay-link';
import { OverlayMenu } from '../../components/overlay-menu';

interface UserMenuPopupProps {
  id: string;
  anchor: HTMLElement | null;
  onClose: () => void;
}

/**
 * The user menu's popup: 'Профиль', notices (with the unread count), the member's proposals, the
 * queue for staff, 'Чыгуу'.
 */
export default function UserMenuPopup({ id, anchor, onClose }: UserMenuPopupProps) {
  const { t } = useTranslation();
  const script = useScript();
  // Moderators: the one queue of what waits (proposals, articles, news), asked again on open.
  const pendingCount = useModerationCounts({ refresh: true })?.total ?? null;
  const unread = useUnreadNotices({ refresh: true });

  return (
    <OverlayMenu
      id={id}
      anchor={anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
    >
      <MenuItem
        component={OverlayLink}
        to={paths.profile()}
        onNavigate={onClose}
        {...script.label(t('header.profile'))}
      >
        {script.text(t('header.profile'))}
      </MenuItem>
      <MenuItem
        component={OverlayLink}
        to={paths.notices()}
        onNavigate={onClose}
        {...script.label(
          unread > 0
            ? `${t('titles.notices')}, ${t('header.unreadNotices', { count: unread })}`
            : t('titles.notices'),
        )}
      >
        <Badge
          badgeContent={unread}
          color="primary"
          max={99}
          data-testid="notices-menu-badge"
          sx={{
            '& .MuiBadge-badge': { right: -14, top: '50%', bgcolor: 'primary.dark' },
          }}
        >
          {script.text(t('titles.notices'))}
        </Badge>
      </MenuItem>
      <MenuItem
        component={OverlayLink}
        to={paths.contributions()}
        onNavigate={onClose}
        {...script.label(t('titles.contributions'))}
      >
        {script.text(t('titles.contributions'))}
      </MenuItem>
      {pendingCount !== null && (
        <MenuItem
          component={OverlayLink}
          to={paths.moderation()}
          onNavigate={onClose}
          {...script.label(t('titles.moderation'))}
        >
          <Badge
            badgeContent={pendingCount}
            color="warning"
            max={999}
            data-testid="pending-badge"
            sx={{ '& .MuiBadge-badge': { right: -14, top: '50%' } }}
          >
            {script.text(t('titles.moderation'))}
          </Badge>
        </MenuItem>
      )}
      <MenuItem
        onClick={() => {
          onClose();
          openLogoutDialog();
        }}
        {...script.label(t('header.logout'))}
      >
        {script.text(t('header.logout'))}
      </MenuItem>
    </OverlayMenu>
  );
}
