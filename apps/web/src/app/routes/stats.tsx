import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../components/page-heading';
import { TribeStatsPageContent } from '../../features/tribe-stats';

/** The statistics of the tribe: its figures in charts, each with a table view. */
export function Component() {
  const { t } = useTranslation();
  return (
    <PageHeading title={t('titles.stats')}>
      <TribeStatsPageContent />
    </PageHeading>
  );
}
