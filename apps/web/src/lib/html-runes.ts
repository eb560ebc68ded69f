import { toRunes } from '@bagysh/shared';

/**
 * Server HTML (already sanitized) with every text node in Old Turkic runes (each an isolated
 * right-to-left `<bdi>`, as `<Text>` shows them), the tags kept:
 * the old_ky view of an article body. Text inside `<code>`/`<pre>` is converted as well.
 */
export function htmlToRunes(html: string): string {
  if (html.trim() === '') return html;
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  const walker = doc.createTreeWalker(doc.body, NodeFilter.SHOW_TEXT);
  const nodes: Text[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) nodes.push(node as Text);
  for (const node of nodes) {
    if (node.data.trim() === '') continue;
    // Like `<Text>`: an isolated right-to-left run inside the page's left-to-right flow.
    const bdi = doc.createElement('bdi');
    bdi.setAttribute('dir', 'rtl');
    bdi.setAttribute('lang', 'ky-Orkh');
    bdi.textContent = toRunes(node.data);
    node.replaceWith(bdi);
  }
  return doc.body.innerHTML;
}
