// zod's messages in Kyrgyz for the forms of the app. The router loads this module beside every
// page that has a form (app/router.tsx), so the landing page and the search, which have none,
// load no zod at all (the first-paint budget).
import {
  // Not a React hook despite the name: it configures zod once.
  useKyrgyzValidationMessages as installKyrgyzValidationMessages,
} from '@bagysh/shared';

installKyrgyzValidationMessages();
