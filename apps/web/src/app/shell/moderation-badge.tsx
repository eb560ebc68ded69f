import { useTranslation } from 'react-i18next';
import styles from './header-controls.module.css';

/**
 * The small count of items waiting for review, beside a header button or menu item
 * (moderators only). Screen readers hear it in words, in Cyrillic (runes are not read).
 */
export function ModerationBadge({ count }: { count: number }) {
  const { t } = useTranslation();
  return (
    <>
      <span aria-hidden="true" data-testid="moderation-badge" className={styles.badge}>
        {count > 99 ? '99+' : count}
      </span>
      <span className="visually-hidden">{`, ${t('header.moderationWaiting', { count })}`}</span>
    </>
  );
}

/** The count of the member's unread notices beside the user menu (same look, own words). */
export function NoticesBadge({ count }: { count: number }) {
  const { t } = useTranslation();
  return (
    <>
      <span aria-hidden="true" data-testid="notices-badge" className={styles.badge}>
        {count > 99 ? '99+' : count}
      </span>
      <span className="visually-hidden">{`, ${t('header.unreadNotices', { count })}`}</span>
    </>
  );
}
