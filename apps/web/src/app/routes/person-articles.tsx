import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../components/page-heading';
import { PostList } from '../../features/content';

/** Багыш мыктылары: the list of articles about notable persons. */
export function Component() {
  const { t } = useTranslation();
  return (
    <PageHeading title={t('titles.personArticles')}>
      <PostList kind="article" />
    </PageHeading>
  );
}
