import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeading } from '../../components/page-heading';
import { idParam, MergeView } from '../../features/genealogy';
import '../../lib/i18n/areas/genealogy';

/** Two records of one person merged into one (`?a=1&b=2`: a survives). */
export function Component() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  return (
    <PageHeading title={t('titles.personMerge')}>
      <MergeView
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
