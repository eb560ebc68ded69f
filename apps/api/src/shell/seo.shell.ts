import {
  ARTICLE_PERSON_LABEL,
  HOME_LEAD,
  SEARCH_INTRO,
  SITE_NAME,
  type SiteRouteId,
} from '@bagysh/shared';
import { escapeHtml } from '../lib/html-escape';
import type { PageHead } from './seo.meta';

/**
 * The pre-rendered shell: what a public page shows before its JavaScript has
 * arrived, so the first paint does not wait for it. The header bar as the app draws it, and the
 * page's title and description; React replaces the whole of it on its first render (new
 * elements, so no layout shift is counted). A few hundred bytes of markup and style, no script,
 * and nothing to focus or navigate by (no link, no heading): a placeholder, not a second page
 * that a keyboard, a screen reader or a test could act on before the app is there.
 *
 * The sizes follow the app's header (apps/web/src/app/shell/app-header.tsx), the home hero
 * (routes/home.tsx, whose search box and buttons the landing's bottom padding stands for) and
 * the page headings (the wide header's two rows, an article's section link, date line, person
 * line and cover, a person's header), so
 * the swap does not move the heading or the text under it (apps/web/e2e/server-shell.e2e.ts
 * compares them at four widths); the fonts are the
 * system's: Inter would be fetched for the shell and hide its text while it loads.
 *
 * Across, the text keeps the app's column (FRAMES): MUI's Container of the page (lg 1280 px for
 * a list or a person, md 960 for a page of its own or an article, xl 1920 for a chart), its
 * width counting its padding; a person's text right of the photo, which the shell shows too (or
 * the app's placeholder) in the app's box; and between 960 and 1280 px,
 * beside the default layout's side rail (layouts/default-layout.tsx), an empty rail as wide and
 * painted alike.
 *
 * On the landing the gradient ends where the app's hero does, and an empty band as high as the
 * app's figures under it (home-sections.tsx: two to a row on a phone, three from 600 px, one row
 * from 960 px) has their colour, so the swap changes no colour either (the same e2e test).
 */
const STYLE = `<style>
body{margin:0}
.ssr{min-height:100dvh;margin:0;background:#FAFAF8;color:rgba(0,0,0,.87);font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
.ssr-bar{display:flex;align-items:center;min-height:60px;padding:0 16px;background:rgba(255,255,255,.96);border-bottom:1px solid rgba(0,0,0,.12)}
.ssr-bar span{font-size:16px;font-weight:800;letter-spacing:-.01em;color:#BF360C;text-decoration:none}
.ssr-main{box-sizing:border-box;max-width:1280px;margin:0 auto;padding:16px 16px 0}
.ssr-h{margin:8px 0 0;font-size:28px;font-weight:700;line-height:1.235}
.ssr p{margin:16px 0 0;max-width:640px;font-size:16px;line-height:1.5;color:rgba(0,0,0,.6)}
.ssr-page .ssr-main,.ssr-article .ssr-main{max-width:960px}
.ssr-article .ssr-h{margin-top:40px;font-weight:800;line-height:1.2}
.ssr-article p{margin-top:24px;max-width:none;font-size:18px;font-weight:500;line-height:1.6;color:inherit}
.ssr-meta{height:20px;margin-top:12px}
.ssr-about{display:flex;flex-wrap:wrap;align-items:center;gap:12px;margin-top:16px;padding:12px;border-radius:16px;background:rgba(0,0,0,.04);line-height:1.5}
.ssr-about i{width:24px;height:24px}
.ssr-about span{font-size:14px;line-height:1.43;color:rgba(0,0,0,.6)}
@media(max-width:599.98px){.ssr-about b{flex-basis:100%}}
.ssr-cover{display:block;width:100%;height:auto;max-height:480px;margin-top:24px;border-radius:16px;object-fit:cover}
.ssr-intro p{margin-top:8px;max-width:none}
.ssr-profile .ssr-main{position:relative;padding-left:128px}
.ssr-profile .ssr-h{margin-top:24px;font-size:26px}
.ssr-photo{position:absolute;top:40px;left:16px;box-sizing:border-box;width:96px;height:96px;border:1px solid rgba(0,0,0,.12);border-radius:16px;object-fit:cover}
.ssr-nophoto{display:grid;place-items:center;background:rgba(0,0,0,.04);color:rgba(0,0,0,.38)}
.ssr-nophoto svg{width:48px;height:48px;fill:currentColor}
.ssr-chart .ssr-main{max-width:1920px;padding:16px 8px 0}
.ssr-chart .ssr-h{margin:0;font-size:26px}
.ssr-chart p{margin-top:8px;max-width:760px}
.ssr-landing{position:relative}
.ssr-hero{background:radial-gradient(circle at 80% 20%,rgba(255,183,77,.35),transparent 45%),linear-gradient(155deg,#3E2723 0%,#8D2A0B 48%,#E65100 100%);color:#fff}
.ssr-band{box-sizing:border-box;height:269px;background:#FFF8F0;border-bottom:1px solid rgba(0,0,0,.12)}
.ssr-landing .ssr-bar{position:absolute;top:0;left:0;right:0;background:transparent;border:0}
.ssr-landing .ssr-bar span{color:#fff}
.ssr-landing .ssr-main{min-height:88dvh;display:flex;flex-direction:column;justify-content:center;padding:80px 16px 270px}
.ssr-landing .ssr-h{margin:0;font-size:38px;font-weight:800;letter-spacing:-.02em;line-height:1.2}
.ssr-landing p{font-size:17px;color:#fff;opacity:.92}
@media(min-width:600px){.ssr-bar{min-height:64px;padding:0 24px}.ssr-bar span{font-size:20px}.ssr-main{padding:16px 24px 0}.ssr-profile .ssr-main{padding-left:188px}.ssr-photo{left:24px;width:140px;height:140px}.ssr-nophoto svg{width:72px;height:72px}.ssr-chart .ssr-main{padding:16px 16px 0}.ssr-landing .ssr-main{padding:80px 24px 218px}.ssr-landing .ssr-h{font-size:52px}.ssr-band{height:203px}}
@media(min-width:960px){.ssr-main{padding-top:32px}.ssr-h,.ssr-profile .ssr-h,.ssr-chart .ssr-h{font-size:34px}.ssr-photo{top:56px}.ssr-article .ssr-h{font-size:40px}.ssr-article p{font-size:20px}.ssr-chart .ssr-main{padding:32px 24px 0}.ssr-landing .ssr-main{min-height:78dvh;padding-bottom:234px}.ssr-landing .ssr-h{font-size:64px}.ssr-landing p{font-size:20px}.ssr-band{height:161px}}
@media(min-width:960px) and (max-width:1279.98px){.ssr-default{display:grid;grid-template:auto 1fr/56px minmax(0,1fr)}.ssr-default::before{content:"";grid-area:2/1;background:#fff;border-right:1px solid rgba(0,0,0,.12)}.ssr-default .ssr-bar{grid-area:1/1/2/3}.ssr-default .ssr-main{grid-area:2/2;width:100%}}
@media(min-width:1280px){.ssr-bar{padding-bottom:39px}.ssr-landing .ssr-main{padding-top:128px}}
</style>`;

/** The app's column and heading on a page, as the shell's class; a list page's is the plain one. */
const FRAMES: Partial<Record<SiteRouteId, string>> = {
  // Санжыра (routes/search.tsx): a list page's column, its intro line close under the heading
  // and as wide as the column.
  search: 'ssr-intro',
  // PageShell (features/content): a page's own text in the md column.
  about: 'ssr-page',
  founders: 'ssr-page',
  contacts: 'ssr-page',
  // PostView: the md column.
  personArticle: 'ssr-article',
  newsItem: 'ssr-article',
  // PersonHeader: the name right of the photo (or of its placeholder).
  person: 'ssr-profile',
  // ChartPage (features/charts): the xl column, with less padding.
  pedigree: 'ssr-chart',
  descendants: 'ssr-chart',
  fan: 'ssr-chart',
};

// MUI's PersonOutlined icon, which the app's placeholder shows.
const PERSON_ICON =
  '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M12 6c1.1 0 2 .9 2 2s-.9 2-2 2-2-.9-2-2 .9-2 2-2m0 10c2.7 0 5.8 1.29 6 2H6c.23-.72 3.31-2 6-2m0-12C9.79 4 8 5.79 8 8s1.79 4 4 4 4-1.79 4-4-1.79-4-4-4m0 10c-2.67 0-8 1.34-8 4v2h16v-2c0-2.66-5.33-4-8-4"/></svg>';

/**
 * A person page's photo box, in the app's place and size: the image by the app's own URL (so
 * the app's request finds it in the browser's cache), or the app's placeholder. Empty alt text:
 * the shell gives a screen reader nothing to read; the app's image carries the name.
 */
function photoHtml(photo: string | null | undefined): string {
  if (photo === undefined) return '';
  if (photo === null) return `<div class="ssr-photo ssr-nophoto">${PERSON_ICON}</div>`;
  return `<img class="ssr-photo" src="${escapeHtml(photo)}" alt="">`;
}

/**
 * What an article or news item shows between its heading and its lead (PostView): the date
 * line (a guest's is one line), the line of the person it is about, and the cover, in its box
 * when the image's size is known (the app's img has the same width and height), by the app's
 * own URL, so the app's request finds it in the browser's cache.
 */
function postHtml(post: PageHead['post']): string {
  if (!post) return '';
  // The person line's words, as the app's (its icon's box empty), so that it wraps alike.
  const about =
    post.person === null
      ? ''
      : `<div class="ssr-about"><i></i><span>${ARTICLE_PERSON_LABEL}:</span><b>${escapeHtml(post.person)}</b></div>`;
  const { cover } = post;
  const size =
    cover?.width && cover.height ? ` width="${cover.width}" height="${cover.height}"` : '';
  const image = cover ? `<img class="ssr-cover" src="${escapeHtml(cover.url)}"${size} alt="">` : '';
  return `<div class="ssr-meta"></div>${about}${image}`;
}

/**
 * The text under the heading where the app shows words of its own rather than the page's
 * description: the same words, so the swap does not change them.
 */
const OWN_LEADS: Partial<Record<SiteRouteId, string>> = { home: HOME_LEAD, search: SEARCH_INTRO };

/**
 * The shell of a public page, or '' for a page that has none: members-only and not-found pages
 * (their content needs the app) and the login page (the blank layout has no header).
 */
export function shellHtml(head: PageHead): string {
  if (head.noindex || head.layout === 'blank' || head.route === null) return '';
  const landing = head.layout === 'landing';
  // The home hero's heading is the site's name, as in the app.
  const heading = landing ? SITE_NAME : head.ogTitle;
  const lead = OWN_LEADS[head.route] ?? head.description;
  const frame = FRAMES[head.route];
  const main = `<div class="ssr-main">${photoHtml(head.photo)}<div class="ssr-h">${escapeHtml(heading)}</div>${postHtml(head.post)}<p>${escapeHtml(lead)}</p></div>`;
  // The landing's gradient spans the window, as the app's hero does, while its text keeps the
  // centred column; the band stands for the figures under the hero (home-sections.tsx).
  const body = landing ? `<div class="ssr-hero">${main}</div><div class="ssr-band"></div>` : main;
  return `<div class="ssr ssr-${head.layout}${frame ? ` ${frame}` : ''}" data-ssr-shell>${STYLE}<div class="ssr-bar"><span>${escapeHtml(SITE_NAME)}</span></div>${body}</div>`;
}
