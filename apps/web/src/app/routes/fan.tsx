import { useParams } from 'react-router';
import { chartPersonId, FanChart } from '../../features/charts';
import '../../lib/i18n/areas/charts';
import { ErrorContent } from '../shell/error-content';

/** A person's жети ата (/persons/{id}/fan): seven generations of fathers and mothers as a fan. */
export function Component() {
  const { id } = useParams();
  const personId = chartPersonId(id);
  if (personId === null) return <ErrorContent notFound />;
  return <FanChart id={personId} notFound={<ErrorContent notFound />} />;
}
