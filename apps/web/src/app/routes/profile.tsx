import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../components/page-heading';
import { ProfileView } from '../../features/accounts';
import { MyPersonSection } from '../../features/genealogy';
import { NoticeSettingsSection } from '../../features/notices';

/**
 * The signed-in user's own profile (guests are sent to /login by the guard), and their person of
 * the tree ("Бул мен").
 */
export function Component() {
  const { t } = useTranslation();
  return (
    <PageHeading title={t('titles.profile')}>
      <div style={{ marginTop: 24 }}>
        <ProfileView />
        <NoticeSettingsSection />
      </div>
      <div style={{ marginTop: 24 }}>
        <MyPersonSection />
      </div>
    </PageHeading>
  );
}
