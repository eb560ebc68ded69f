import { ErrorContent } from '../shell/error-content';

/** Any unknown path (docs/product.md, Routes): the error page, inside the default layout. */
export function Component() {
  return <ErrorContent notFound />;
}
