import { layoutDescendants, without, type ChartBox, type PersonSummary } from '@bagysh/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths';
import { notify } from '../../../lib/notify';
import { useScript } from '../../../lib/script';
import { getDescendantChartQueryOptions, useDescendantChart } from '../api/charts-api';
import { ChartPage } from './chart-page';
import { FamilyChart } from './family-chart';
import { useChartLabels } from './use-chart-labels';

/** Generations below the person shown at first. */
const DESCENDANT_GENERATIONS = 3;
/** Generations an expand button loads below its person. */
const DESCENDANT_STEP = 2;

/**
 * A person's descendants through sons and daughters: three generations at first; "+" loads two
 * more below a person or shows hidden ones again, "−" hides, a click recentres.
 */
export function DescendantChart({ id, notFound }: { id: number; notFound: ReactNode }) {
  const { t } = useTranslation('charts');
  const script = useScript();
  const queryClient = useQueryClient();
  const labels = useChartLabels('descendants');
  const query = useDescendantChart(id, DESCENDANT_GENERATIONS);
  const [more, setMore] = useState<PersonSummary[]>([]);
  const [collapsed, setCollapsed] = useState<ReadonlySet<number>>(new Set());
  const [loading, setLoading] = useState<ReadonlySet<number>>(new Set());

  const persons = useMemo(() => {
    const all = new Map<number, PersonSummary>();
    for (const person of [...(query.data?.results ?? []), ...more]) all.set(person.id, person);
    return all;
  }, [query.data, more]);
  const layout = useMemo(
    () => layoutDescendants(id, persons, collapsed, loading),
    [id, persons, collapsed, loading],
  );

  const handleToggle = ({ person, toggle }: ChartBox) => {
    if (toggle === 'collapse') {
      setCollapsed((set) => new Set(set).add(person.id));
      return;
    }
    if (toggle !== 'expand') return;
    if (collapsed.has(person.id)) {
      setCollapsed((set) => without(set, person.id));
      return;
    }
    setLoading((set) => new Set(set).add(person.id));
    queryClient
      .fetchQuery(getDescendantChartQueryOptions(person.id, DESCENDANT_STEP))
      .then((data) => setMore((list) => [...list, ...data.results]))
      .catch(() => void notify(t('loadError'), { type: 'error' }))
      .finally(() => setLoading((set) => without(set, person.id)));
  };

  const plainText = useCallback((text: string) => script.plain(text), [script]);
  const renderText = useCallback((text: string) => script.text(text), [script]);
  const root = persons.get(id);
  const note = query.data?.truncated
    ? t('descendants.truncated', { n: query.data.results.length })
    : root && root.child_count === 0
      ? t('descendants.empty')
      : undefined;
  return (
    <ChartPage
      kind="descendants"
      person={root}
      error={query.error}
      retry={() => void query.refetch()}
      notFound={notFound}
      note={note}
    >
      <FamilyChart
        layout={layout}
        labels={labels}
        personHref={paths.descendants}
        onToggle={handleToggle}
        plainText={plainText}
        renderText={renderText}
        photoUrl={paths.fileThumbnail}
        fileName={t('descendants.fileName')}
      />
    </ChartPage>
  );
}
