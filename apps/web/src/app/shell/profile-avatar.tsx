import PersonIcon from '@mui/icons-material/Person';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { useSessionStore, userAvatar } from '../../lib/session-store';

/** The small avatar with the green online dot: to /profile when signed in, /login when not. */
export function ProfileAvatar() {
  const { t } = useTranslation();
  const logged = useSessionStore((state) => state.logged);
  const avatar = useSessionStore((state) => (state.logged ? userAvatar(state.user) : null));
  const label = logged ? t('header.profile') : t('header.login');

  return (
    <Box
      component={Link}
      to={logged ? paths.profile() : paths.login()}
      aria-label={label}
      title={label}
      data-testid="profile-avatar"
      sx={{
        position: 'relative',
        flexShrink: 0,
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        width: 34,
        height: 34,
        borderRadius: '50%',
        bgcolor: 'grey.200',
        color: 'grey.700',
        '&:hover': { bgcolor: 'grey.300' },
        '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 },
      }}
    >
      {avatar ? (
        <Box
          component="img"
          src={avatar}
          alt=""
          data-testid="profile-avatar-image"
          sx={{ width: '100%', height: '100%', borderRadius: '50%', objectFit: 'cover' }}
        />
      ) : (
        <PersonIcon fontSize="small" />
      )}
      <Box
        component="span"
        data-testid="online-dot"
        sx={{
          position: 'absolute',
          right: -1,
          bottom: -1,
          width: 11,
          height: 11,
          borderRadius: '50%',
          bgcolor: '#4CAF50',
          boxShadow: '0 0 0 2px #fff',
        }}
      />
    </Box>
  );
}
