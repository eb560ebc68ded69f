import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../components/page-heading';
import { ProfileView } from '../../features/accounts';

/** The signed-in user's own profile (guests are sent to /login by the guard). */
export function Component() {
  const { t } = useTranslation();
  return (
    <PageHeading title={t('titles.profile')}>
      <div style={{ marginTop: 24 }}>
        <ProfileView />
      </div>
    </PageHeading>
  );
}
