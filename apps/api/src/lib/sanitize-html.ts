import sanitize from 'sanitize-html';

/** Tags the rich-text editor produces and the site renders. */
const ALLOWED_TAGS = [
  'p',
  'h2',
  'h3',
  'h4',
  'strong',
  'em',
  'u',
  's',
  'ul',
  'ol',
  'li',
  'blockquote',
  'a',
  'img',
  'br',
  'hr',
  'code',
  'pre',
];

/**
 * Images only from this site's files API: a path such as `/api/files/12/download/`, no host,
 * no scheme, no dots (so no `..`), no double slash.
 */
const SAME_SITE_IMAGE = /^\/api\/files\/\d+\/(?:[a-z0-9_-]+\/)*(?:\?[a-z0-9_=&-]*)?$/i;

/** http, https and mailto links, or a path on this site (`/persons/5`, not `//evil.example`). */
const SAFE_HREF = /^(?:https?:\/\/|mailto:|\/(?![/\\]))/i;

/** Browsers ignore control characters and whitespace inside a scheme (`java\nscript:`). */
function stripInvisible(value: string): string {
  let out = '';
  for (const ch of value) {
    const code = ch.charCodeAt(0);
    if (code > 0x20 && (code < 0x7f || code > 0x9f)) out += ch;
  }
  return out;
}

const BODY_OPTIONS: sanitize.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: { a: ['href', 'rel', 'target'], img: ['src', 'alt'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: [] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  allowedStyles: {},
  disallowedTagsMode: 'discard',
  // Elements whose content is code or markup, not readable text: dropped with the tag.
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'iframe',
    'noembed',
    'noframes',
    'template',
    'title',
    'xmp',
    'object',
    'svg',
    'math',
  ],
  transformTags: {
    b: 'strong',
    i: 'em',
    strike: 's',
    del: 's',
    h1: 'h2',
    a: (_tagName, attribs): sanitize.Tag => {
      const href = stripInvisible(attribs.href ?? '');
      // No href: exclusiveFilter unwraps the link (renaming it would trip a sanitize-html bug
      // that closes a later link with the renamed tag).
      if (!SAFE_HREF.test(href)) return { tagName: 'a', attribs: {} };
      return {
        tagName: 'a',
        attribs: { href, rel: 'noopener noreferrer', target: '_blank' },
      };
    },
    img: (_tagName, attribs): sanitize.Tag => {
      const src = stripInvisible(attribs.src ?? '');
      if (!SAME_SITE_IMAGE.test(src)) return { tagName: 'img', attribs: {} };
      return { tagName: 'img', attribs: { src, alt: attribs.alt ?? '' } };
    },
  },
  exclusiveFilter: (frame) => {
    if (frame.tag === 'a' && !frame.attribs.href) return 'excludeTag';
    return frame.tag === 'img' && !frame.attribs.src;
  },
};

/**
 * The stored form of rich text (articles, news, pages, founders): only the editor's tags,
 * links to http/https/mailto or this site (opened in a new tab, without opener), images only
 * from this site's files API, no attributes beyond href/src/alt — so no scripts, event
 * handlers, styles or `javascript:` URLs survive.
 */
export function sanitizeBody(html: string): string {
  return sanitize(html, BODY_OPTIONS).trim();
}

const TEXT_OPTIONS: sanitize.IOptions = {
  allowedTags: [],
  allowedAttributes: {},
  disallowedTagsMode: 'discard',
  nonTextTags: BODY_OPTIONS.nonTextTags,
};

const BLOCK_BOUNDARY = /<(\/?)(p|h[1-6]|li|br|hr|div|blockquote|pre|tr|td|th)\b/gi;

function decodeBasicEntities(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

/**
 * Plain text of HTML or of text that may contain tags: tags (and script/style content) are
 * dropped, entities decoded, block boundaries become spaces and whitespace runs collapse.
 * Used for titles and leads, which are stored as text, and for search and meta descriptions.
 */
export function plainText(html: string, options: { keepNewlines?: boolean } = {}): string {
  const text = decodeBasicEntities(sanitize(html.replace(BLOCK_BOUNDARY, ' <$1$2'), TEXT_OPTIONS));
  if (options.keepNewlines) {
    return text
      .split('\n')
      .map((line) => line.replace(/[^\S\n]+/g, ' ').trim())
      .join('\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim();
  }
  return text.replace(/\s+/g, ' ').trim();
}

/** `text` cut at a word boundary to at most `max` characters, with an ellipsis when cut. */
export function truncateText(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
