import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeading } from '../../components/page-heading';
import { ComparisonView, idParam, useMyPersonId } from '../../features/genealogy';
import '../../lib/i18n/areas/genealogy';

/**
 * Comparison of two persons (`?a=1&b=2`). A member linked to their person starts from it: an
 * address with neither person gets theirs as the first.
 */
export function Component() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const mine = useMyPersonId();
  const bare = !params.has('a') && !params.has('b');
  useEffect(() => {
    if (bare && typeof mine === 'number') setParams({ a: String(mine) }, { replace: true });
  }, [bare, mine, setParams]);
  return (
    <PageHeading title={t('titles.comparison')}>
      <ComparisonView
        a={idParam(params.get('a'))}
        b={idParam(params.get('b'))}
        onChange={({ a, b }) => {
          const next: Record<string, string> = {};
          if (a !== null) next.a = String(a);
          if (b !== null) next.b = String(b);
          setParams(next);
        }}
      />
    </PageHeading>
  );
}
