import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeading } from '../../components/page-heading';
import { PersonsList, type PersonsListParams } from '../../features/genealogy';
import '../../lib/i18n/areas/genealogy';

const KEYS = ['q', 'clan', 'generation', 'living', 'sex', 'ordering'] as const;

/** The list of persons, its filters kept in the URL. */
export function Component() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const params = Object.fromEntries(
    KEYS.map((key) => [key, search.get(key) ?? '']),
  ) as unknown as PersonsListParams;
  return (
    <PageHeading title={t('titles.persons')}>
      <PersonsList
        params={params}
        onChange={(next) => {
          const entries = KEYS.flatMap((key) => (next[key] ? [[key, next[key]]] : []));
          setSearch(Object.fromEntries(entries) as Record<string, string>, { replace: true });
        }}
      />
    </PageHeading>
  );
}
