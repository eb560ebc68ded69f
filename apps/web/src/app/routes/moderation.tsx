import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../components/page-heading';
import { ModerationQueue } from '../../features/genealogy';
import '../../lib/i18n/areas/genealogy';

/** The moderators' queue of pending person proposals (/moderation, signed-in users). */
export function Component() {
  const { t } = useTranslation();
  return (
    <PageHeading title={t('titles.moderation')}>
      <ModerationQueue />
    </PageHeading>
  );
}
