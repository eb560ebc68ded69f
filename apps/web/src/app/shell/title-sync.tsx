import { pageTitle, type SiteRouteId } from '@bagysh/shared';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';
import { usePageTitleOverride } from '../../lib/page-title';
import { useScript } from '../../lib/script';

export interface RouteHandle {
  /** The route whose catalogue title the tab shows. */
  title?: SiteRouteId | 'notFound';
}

/**
 * Keeps the tab title '{title} - {site name}' (docs/product.md, Layouts), in the current script.
 */
export function TitleSync() {
  const { t } = useTranslation();
  const script = useScript();
  const matches = useMatches();
  const override = usePageTitleOverride();
  const handle = [...matches]
    .reverse()
    .map((match) => match.handle as RouteHandle | undefined)
    .find((item) => item?.title);
  const routeTitle =
    handle?.title === 'notFound'
      ? t('errors.notFound')
      : handle?.title
        ? t(`titles.${handle.title}`)
        : undefined;
  const title = override ?? routeTitle;
  const text = title ? pageTitle(title) : t('site.name');

  useEffect(() => {
    document.title = script.plain(text);
  }, [script, text]);
  return null;
}
