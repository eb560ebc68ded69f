import { without, type ChartBox, type PersonSummary } from '@bagysh/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths';
import { notify } from '../../../lib/notify';
import { useScript } from '../../../lib/script';
import { getPedigreeQueryOptions, usePedigree } from '../api/charts-api';
import {
  layoutPedigree,
  PEDIGREE_GENERATIONS,
  PEDIGREE_STEP,
  type PedigreeState,
} from '../lib/pedigree-layout';
import { ChartPage } from './chart-page';
import { FamilyChart } from './family-chart';
import { useChartLabels } from './use-chart-labels';

/**
 * A person's pedigree: both parents' lines, five generations at first; "+" loads two more
 * above a person, "−" hides a person's ancestors (in any generation), a click on a person
 * recentres the chart on them (their own page). Mounted once for all persons: what was opened
 * or hidden is kept by person, so it holds when the chart is recentred.
 */
export function PedigreeChart({ id, notFound }: { id: number; notFound: ReactNode }) {
  const { t } = useTranslation('charts');
  const script = useScript();
  const queryClient = useQueryClient();
  const labels = useChartLabels('pedigree');
  const query = usePedigree(id, PEDIGREE_GENERATIONS);
  const [more, setMore] = useState<PersonSummary[]>([]);
  const [state, setState] = useState<PedigreeState>({
    expanded: new Set(),
    collapsed: new Set(),
  });

  const persons = useMemo(() => {
    const all = new Map<number, PersonSummary>();
    for (const person of [...(query.data?.results ?? []), ...more]) all.set(person.id, person);
    return all;
  }, [query.data, more]);
  const layout = useMemo(() => layoutPedigree(id, persons, state), [id, persons, state]);

  const handleToggle = ({ person, toggle }: ChartBox) => {
    if (toggle === 'collapse') {
      setState((now) => ({ ...now, collapsed: new Set(now.collapsed).add(person.id) }));
      return;
    }
    if (toggle !== 'expand') return;
    if (state.collapsed.has(person.id)) {
      setState((now) => ({ ...now, collapsed: without(now.collapsed, person.id) }));
      return;
    }
    setState((now) => ({ ...now, expanded: new Set(now.expanded).add(person.id) }));
    queryClient
      .fetchQuery(getPedigreeQueryOptions(person.id, PEDIGREE_STEP))
      .then((data) => setMore((list) => [...list, ...data.results]))
      .catch(() => {
        setState((now) => ({ ...now, expanded: without(now.expanded, person.id) }));
        void notify(t('loadError'), { type: 'error' });
      });
  };

  const plainText = useCallback((text: string) => script.plain(text), [script]);
  const renderText = useCallback((text: string) => script.text(text), [script]);
  const root = persons.get(id);
  return (
    <ChartPage
      kind="pedigree"
      person={root}
      error={query.error}
      retry={() => void query.refetch()}
      notFound={notFound}
      note={root && layout.boxes.length === 1 ? t('pedigree.empty') : undefined}
    >
      <FamilyChart
        key={id}
        layout={layout}
        labels={labels}
        personHref={paths.pedigree}
        onToggle={handleToggle}
        plainText={plainText}
        renderText={renderText}
        photoUrl={paths.fileThumbnail}
        fileName={t('pedigree.fileName')}
      />
    </ChartPage>
  );
}
