import { lazy, use, type ComponentType, type ReactNode } from 'react';

type ThemeModule = typeof import('../app/theme-provider');

let loaded: ThemeModule | undefined;
let loading: Promise<ThemeModule> | undefined;

/**
 * MUI's theme (app/theme-provider.tsx), requested once. The frame and the landing page are drawn
 * without MUI (issue 14's page budget); whatever MUI draws comes with its theme: the pages
 * (router.tsx asks for it beside the page's code), and the frame's menus, dialogs and notices.
 */
export function loadTheme(): Promise<ThemeModule> {
  loading ??= import('../app/theme-provider').then((module) => (loaded = module));
  return loading;
}

/** Its children inside MUI's theme, suspended until the theme's code is there. */
export function Themed({ children }: { children: ReactNode }) {
  // Once loaded, drawn at once: a page opened after another has no frame without its content.
  const { default: MuiTheme } = loaded ?? use(loadTheme());
  return <MuiTheme>{children}</MuiTheme>;
}

/** React.lazy for a part that MUI draws: its code and the theme are fetched together. */
export function themedLazy<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): ComponentType<P> {
  return lazy(async () => {
    const [{ default: Part }] = await Promise.all([load(), loadTheme()]);
    function ThemedPart(props: P) {
      return (
        <Themed>
          <Part {...props} />
        </Themed>
      );
    }
    return { default: ThemedPart };
  });
}
