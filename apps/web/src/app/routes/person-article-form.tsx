import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageHeading } from '../../components/page-heading';
import { PostForm } from '../../features/content';
import { parseId } from '../../features/content/lib/format';
import '../../lib/i18n/areas/content';

/** Макала кошуу (addPersonArticle) and its edit (editPersonArticle, Макаланы түзөтүү): the same form. */
export function Component() {
  const { t } = useTranslation();
  const { id } = useParams();
  const editing = id !== undefined;
  const parsed = parseId(id);
  return (
    <PageHeading title={editing ? t('titles.editPersonArticle') : t('titles.addPersonArticle')}>
      <PostForm key={id ?? 'new'} kind="article" id={editing ? (parsed ?? 0) : null} />
    </PageHeading>
  );
}
