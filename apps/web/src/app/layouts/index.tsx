import type { SiteLayout } from '@bagysh/shared';
import { BlankLayout } from './blank-layout';
import { DefaultLayout } from './default-layout';
import { LandingLayout } from './landing-layout';

export { BlankLayout, DefaultLayout, LandingLayout };

/**
 * A layout's frame without its page, for the hydration fallback: header and footer paint while
 * the first page loads. Without the page, not with an outlet: the router can render the
 * fallback once the page is loaded, with the page as its outlet, which drew a second layout
 * inside the frame's main (two headers and two footers for a moment).
 */
export function LayoutFrame({ layout }: { layout: SiteLayout }) {
  switch (layout) {
    case 'landing':
      return <LandingLayout frameOnly />;
    case 'blank':
      return <BlankLayout frameOnly />;
    case 'default':
      return <DefaultLayout frameOnly />;
  }
}
