import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../components/page-heading';
import { CategoriesPage } from '../../features/content';

/** Категориялар (signed in). */
export function Component() {
  const { t } = useTranslation();
  return (
    <PageHeading title={t('titles.categories')}>
      <CategoriesPage />
    </PageHeading>
  );
}
