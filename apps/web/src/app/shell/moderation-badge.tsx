import { useTranslation } from 'react-i18next';
import styles from './header-controls.module.css';

type Words = 'header.moderationWaiting' | 'header.unreadNotices';

/** A small count beside a header button or menu item, heard in words (runes are not read). */
function CountBadge({ count, testId, words }: { count: number; testId: string; words: Words }) {
  const { t } = useTranslation();
  return (
    <>
      <span aria-hidden="true" data-testid={testId} className={styles.badge}>
        {count > 99 ? '99+' : count}
      </span>
      <span className="visually-hidden">{`, ${t(words, { count })}`}</span>
    </>
  );
}

/** The count of items waiting for review (moderators only). */
export function ModerationBadge({ count }: { count: number }) {
  return <CountBadge count={count} testId="moderation-badge" words="header.moderationWaiting" />;
}

/** The count of the member's unread notices beside the user menu (same look, own words). */
export function NoticesBadge({ count }: { count: number }) {
  return <CountBadge count={count} testId="notices-badge" words="header.unreadNotices" />;
}
