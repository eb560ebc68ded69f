import { lazy, use, type ComponentType, type ReactNode } from 'react';

interface Providers {
  MuiTheme: ComponentType<{ children: ReactNode }>;
  QueryProvider: ComponentType<{ children: ReactNode }>;
}

let loaded: Providers | undefined;
let loading: Promise<Providers> | undefined;

/**
 * MUI's theme (app/theme-provider.tsx) and TanStack Query's cache (app/query-provider.tsx),
 * requested once. The frame and the pages drawn without them (config/plain-pages.ts: the
 * landing page) load neither in their first paint (the first-paint budget); whatever needs them
 * comes with them: the other pages (router.tsx asks for them beside the page's code), the
 * frame's menus, dialogs and notices, the landing page's name search.
 */
export function loadProviders(): Promise<Providers> {
  loading ??= Promise.all([import('../app/theme-provider'), import('../app/query-provider')]).then(
    ([theme, query]) => (loaded = { MuiTheme: theme.default, QueryProvider: query.default }),
  );
  return loading;
}

/** Its children inside MUI's theme and the query cache, suspended until their code is there. */
export function Provided({ children }: { children: ReactNode }) {
  // Once loaded, drawn at once: a page opened after another has no frame without its content.
  const { MuiTheme, QueryProvider } = loaded ?? use(loadProviders());
  return (
    <QueryProvider>
      <MuiTheme>{children}</MuiTheme>
    </QueryProvider>
  );
}

/** A component inside the providers (for one whose code is loaded with them). */
export function withProviders<P extends object>(Part: ComponentType<P>): ComponentType<P> {
  function ProvidedPart(props: P) {
    return (
      <Provided>
        <Part {...props} />
      </Provided>
    );
  }
  return ProvidedPart;
}

/** React.lazy for a part that MUI draws: its code and the providers are fetched together. */
export function providedLazy<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): ComponentType<P> {
  return lazy(async () => {
    const [{ default: Part }] = await Promise.all([load(), loadProviders()]);
    return { default: withProviders(Part) };
  });
}
