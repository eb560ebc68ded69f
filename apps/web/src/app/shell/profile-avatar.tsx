import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PlainIcon } from '../../components/plain-icon';
import { paths } from '../../config/paths';
import { useSessionStore, userAvatar } from '../../lib/session-store';
import styles from './header-controls.module.css';

/** The small avatar with the green online dot: to /profile when signed in, /login when not. */
export function ProfileAvatar() {
  const { t } = useTranslation();
  const logged = useSessionStore((state) => state.logged);
  const avatar = useSessionStore((state) => (state.logged ? userAvatar(state.user) : null));
  const label = logged ? t('header.profile') : t('header.login');

  return (
    <Link
      to={logged ? paths.profile() : paths.login()}
      aria-label={label}
      title={label}
      data-testid="profile-avatar"
      className={styles.avatar}
    >
      {avatar ? (
        <img
          src={avatar}
          alt=""
          data-testid="profile-avatar-image"
          className={styles.avatarImage}
        />
      ) : (
        <PlainIcon icon="person" small />
      )}
      <span data-testid="online-dot" className={styles.online} />
    </Link>
  );
}
