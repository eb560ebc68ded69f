import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../components/page-heading';
import { PollsPage } from '../../features/polls';

/** Polls: the polls feature's list, ballots, results and moderation. */
export function Component() {
  const { t } = useTranslation();
  return (
    <PageHeading title={t('titles.polls')}>
      <PollsPage />
    </PageHeading>
  );
}
