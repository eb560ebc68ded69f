import { useParams } from 'react-router';
import { chartPersonId, PedigreeChart } from '../../features/charts';
import '../../lib/i18n/areas/charts';
import { ErrorContent } from '../shell/error-content';

/** A person's pedigree chart (/persons/{id}/pedigree): both parents' lines. */
export function Component() {
  const { id } = useParams();
  const personId = chartPersonId(id);
  if (personId === null) return <ErrorContent notFound />;
  return <PedigreeChart key={personId} id={personId} notFound={<ErrorContent notFound />} />;
}
