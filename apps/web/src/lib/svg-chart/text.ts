import { isValidElement, type ReactNode } from 'react';

/** "1850–1920", "1850–", "?–1920", or "" when neither year is known. */
export function formatYears(
  person: { birth_year: number | null; death_year: number | null },
  unknown: string,
): string {
  const { birth_year: birth, death_year: death } = person;
  if (birth === null && death === null) return '';
  if (death === null) return `${birth}–`;
  return `${birth ?? unknown}–${death}`;
}

/**
 * Cuts `text` to at most `max` characters with an ellipsis. Counts code points, not UTF-16
 * units: runes lie outside the BMP and must not be split in half (docs/kyrgyz.md, Rune rules).
 */
export function truncate(text: string, max: number): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  return `${chars.slice(0, Math.max(1, max - 1)).join('')}…`;
}

/**
 * The plain text inside what `renderText` returned: strings, numbers and host elements around
 * them (e.g. `<bdi dir="rtl">…</bdi>`). Undefined when a component is in the way.
 */
export function nodeText(node: ReactNode): string | undefined {
  if (typeof node === 'string') return node;
  if (typeof node === 'number' || typeof node === 'bigint') return String(node);
  if (node === null || node === undefined || typeof node === 'boolean') return '';
  if (Array.isArray(node)) {
    let out = '';
    for (const item of node as ReactNode[]) {
      const text = nodeText(item);
      if (text === undefined) return undefined;
      out += text;
    }
    return out;
  }
  if (isValidElement<{ children?: ReactNode }>(node) && typeof node.type === 'string') {
    return nodeText(node.props.children);
  }
  return undefined;
}

const escapeMap: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => escapeMap[c]!);
}
