import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../components/page-heading';
import { UsersDirectory } from '../../features/accounts';

/** Users: the members directory; admins and moderators manage roles and blocking. */
export function Component() {
  const { t } = useTranslation();
  return (
    <PageHeading title={t('titles.users')}>
      <UsersDirectory />
    </PageHeading>
  );
}
