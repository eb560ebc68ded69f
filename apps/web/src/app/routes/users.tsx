import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../components/page-heading';
import { UsersDirectory, type UserRowActions } from '../../features/accounts';
import { StewardBranchesButton } from './users-stewards';

/** An admin keeps the branches of an active member (staff review every branch already). */
const stewardActions: UserRowActions = (user, me) =>
  me.role === 'admin' && user.role === 'user' && user.is_active !== false ? (
    <StewardBranchesButton user={user} />
  ) : null;

/**
 * Users: the members directory; admins and moderators manage roles and blocking, admins the
 * branches a member keeps as a steward.
 */
export function Component() {
  const { t } = useTranslation();
  return (
    <PageHeading title={t('titles.users')}>
      <UsersDirectory rowActions={stewardActions} />
    </PageHeading>
  );
}
