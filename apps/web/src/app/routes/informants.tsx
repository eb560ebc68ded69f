import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';

// The pages' chunk straight: the route's own stays small (the shell lists it for every page).
const InformantsPages = lazy(() => import('../../features/voices/components/informants-pages'));

/** Айтуучулар (/informants) and an informant's page (/informants/{id}). */
export function Component() {
  const { id } = useParams();
  return (
    <Suspense fallback={null}>
      <InformantsPages informantId={id} />
    </Suspense>
  );
}
