import { ErrorContent } from '../shell/error-content';

/** Any unknown path (spec §2): the error page, inside the default layout. */
export function Component() {
  return <ErrorContent notFound />;
}
