import { useParams } from 'react-router';
import { chartPersonId, DescendantChart } from '../../features/charts';
import '../../lib/i18n/areas/charts';
import { ErrorContent } from '../shell/error-content';

/** A person's descendant chart (/persons/{id}/descendants): through sons and daughters. */
export function Component() {
  const { id } = useParams();
  const personId = chartPersonId(id);
  if (personId === null) return <ErrorContent notFound />;
  return <DescendantChart key={personId} id={personId} notFound={<ErrorContent notFound />} />;
}
