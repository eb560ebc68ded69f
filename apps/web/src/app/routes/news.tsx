import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeading } from '../../components/page-heading';
import { PostForm, PostList, useHasRole } from '../../features/content';
import { parseId } from '../../features/content/lib/format';
import '../../lib/i18n/areas/content';

/** Жаңылыктар: the list; moderators write and edit news here (`?compose=1[&edit=id]`). */
export function Component() {
  const { t } = useTranslation();
  const { t: c } = useTranslation('content');
  const [params, setParams] = useSearchParams();
  const moderator = useHasRole('moderator');
  const compose = moderator && params.get('compose') === '1';
  const editId = parseId(params.get('edit'));
  if (compose) {
    return (
      <PageHeading title={editId ? c('post.editNews') : c('post.addNews')}>
        <PostForm key={editId ?? 'new'} kind="news" id={editId} onCancel={() => setParams({})} />
      </PageHeading>
    );
  }
  return (
    <PageHeading title={t('titles.news')}>
      <PostList kind="news" />
    </PageHeading>
  );
}
