import AccountTreeIcon from '@mui/icons-material/AccountTree';
import CategoryIcon from '@mui/icons-material/Category';
import CompareArrowsIcon from '@mui/icons-material/CompareArrows';
import ContactMailIcon from '@mui/icons-material/ContactMail';
import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import FolderIcon from '@mui/icons-material/Folder';
import GroupsIcon from '@mui/icons-material/Groups';
import HomeIcon from '@mui/icons-material/Home';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import NewspaperIcon from '@mui/icons-material/Newspaper';
import PeopleIcon from '@mui/icons-material/People';
import PollIcon from '@mui/icons-material/Poll';
import type { SiteRouteId } from '@bagysh/shared';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { NAV_RAIL_WIDTH } from '../../config/constants';
import { useScript } from '../../lib/script';
import { useNavLinks } from './nav-items';

const ICONS: Partial<Record<SiteRouteId, ComponentType<{ fontSize?: 'small' }>>> = {
  home: HomeIcon,
  about: InfoOutlinedIcon,
  personArticles: EmojiEventsIcon,
  persons: PeopleIcon,
  search: AccountTreeIcon,
  comparison: CompareArrowsIcon,
  news: NewspaperIcon,
  contacts: ContactMailIcon,
  founders: GroupsIcon,
  files: FolderIcon,
  polls: PollIcon,
  categories: CategoryIcon,
  users: ManageAccountsIcon,
};

/**
 * The navigation rail (docs/product.md, Breakpoints and sizes: width 56) of medium screens, between
 * md and lg: the same links as the menu, as icons with their names in a tooltip, one click away
 * where the header only has room for the menu button. Below md the drawer alone serves; from lg the
 * header's menu.
 */
export default function NavRail() {
  const { t } = useTranslation();
  const script = useScript();
  const links = useNavLinks();
  const { pathname } = useLocation();

  return (
    <Stack
      component="nav"
      aria-label={t('header.navigation')}
      data-testid="nav-rail"
      spacing={0.5}
      sx={{
        width: NAV_RAIL_WIDTH,
        flexShrink: 0,
        // Stays in view under the sticky header (one 64 px row from sm up, below lg).
        position: 'sticky',
        top: 64,
        alignSelf: 'flex-start',
        maxHeight: 'calc(100dvh - 64px)',
        overflowY: 'auto',
        alignItems: 'center',
        py: 1,
      }}
    >
      {links.map((link) => {
        const Icon = ICONS[link.key] ?? InfoOutlinedIcon;
        const current = pathname === link.to || pathname.startsWith(`${link.to}/`);
        return (
          <Tooltip key={link.key} title={script.text(link.label)} placement="right">
            <IconButton
              component={Link}
              to={link.to}
              aria-label={link.label}
              aria-current={pathname === link.to ? 'page' : undefined}
              color={current ? 'primary' : 'default'}
              sx={current ? { bgcolor: 'action.selected' } : undefined}
            >
              <Icon fontSize="small" />
            </IconButton>
          </Tooltip>
        );
      })}
    </Stack>
  );
}
