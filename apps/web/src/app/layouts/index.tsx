import type { SiteLayout } from '@bagysh/shared';
import type { ReactNode } from 'react';
import { BlankLayout } from './blank-layout';
import { DefaultLayout } from './default-layout';
import { LandingLayout } from './landing-layout';

export { BlankLayout, DefaultLayout, LandingLayout };

/** The layout component of a route's layout name, for content rendered outside the route tree. */
export function LayoutFrame({ layout, children }: { layout: SiteLayout; children?: ReactNode }) {
  switch (layout) {
    case 'landing':
      return <LandingLayout>{children}</LandingLayout>;
    case 'blank':
      return <BlankLayout>{children}</BlankLayout>;
    case 'default':
      return <DefaultLayout>{children}</DefaultLayout>;
  }
}
