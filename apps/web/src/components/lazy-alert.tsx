import type { AlertProps } from '@mui/material/Alert';
import { lazy, Suspense } from 'react';

const Alert = lazy(() => import('@mui/material/Alert'));

/**
 * MUI's Alert loaded when one is first shown: the home and search pages show one only when a
 * read fails or the tree is empty, so its code (about 2 KB gzipped) stays out of their first load.
 */
export function LazyAlert(props: AlertProps) {
  return (
    <Suspense fallback={null}>
      <Alert {...props} />
    </Suspense>
  );
}
