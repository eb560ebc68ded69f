import { useParams } from 'react-router';
import { chartPersonId, PedigreeChart } from '../../features/charts';
import '../../lib/i18n/areas/charts';
import { ErrorContent } from '../shell/error-content';

/**
 * A person's pedigree chart (/persons/{id}/pedigree): both parents' lines. Not keyed by the
 * person: what the reader opened or hid stays when a click recentres the chart.
 */
export function Component() {
  const { id } = useParams();
  const personId = chartPersonId(id);
  if (personId === null) return <ErrorContent notFound />;
  return <PedigreeChart id={personId} notFound={<ErrorContent notFound />} />;
}
