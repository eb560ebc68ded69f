import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../components/page-heading';
import { NoticesList } from '../../features/notices';

/** /notices: the signed-in member's notices of what happened. */
export function Component() {
  const { t } = useTranslation();
  return (
    <PageHeading title={t('titles.notices')}>
      <NoticesList />
    </PageHeading>
  );
}
