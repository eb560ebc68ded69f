import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeading } from '../../components/page-heading';
import { CalendarView, type CalendarParams } from '../../features/genealogy';

const KEYS = ['month', 'clan', 'branch'] as const;

/** Эскерүү күндөрү: the month, clan and branch kept in the URL. */
export function Component() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const params = Object.fromEntries(
    KEYS.map((key) => [key, search.get(key) ?? '']),
  ) as unknown as CalendarParams;
  return (
    <PageHeading title={t('titles.calendar')}>
      <CalendarView
        params={params}
        onChange={(next) => {
          const entries = KEYS.flatMap((key) => (next[key] ? [[key, next[key]]] : []));
          setSearch(Object.fromEntries(entries) as Record<string, string>, { replace: true });
        }}
      />
    </PageHeading>
  );
}
