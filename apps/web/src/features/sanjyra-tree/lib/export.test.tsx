import { describe, expect, it } from 'vitest';
import { testLabels } from '../test/labels';
import { buildPerson } from '../test/render';
import type { TreeNodeData } from '../types';
import { hasRunes, pngScale } from '../../../lib/svg-chart/export';
import { nodeText, truncate } from '../../../lib/svg-chart/text';
import { buildTreeSvg } from './export';
import { layoutTree } from '@bagysh/shared';

function family() {
  const people = [
    buildPerson({ id: 1, name: 'Багыш', birth_year: null, death_year: null, descendant_count: 3 }),
    buildPerson({ id: 2, name: 'Асан & <Үсөн>', birth_year: 1850, death_year: null }),
    buildPerson({ id: 3, name: 'Жаныбек', sex: 'F' }),
  ];
  const nodes = new Map<number, TreeNodeData>(people.map((person) => [person.id, person]));
  const layout = layoutTree(1, (id) => (id === 1 ? [2, 3] : undefined));
  return { nodes, layout };
}

describe('buildTreeSvg', () => {
  it('writes every laid-out person with years and counts into a well-formed SVG', () => {
    const { nodes, layout } = family();
    const { svg, width, height } = buildTreeSvg({ layout, nodes, labels: testLabels });
    const doc = new DOMParser().parseFromString(svg, 'image/svg+xml');
    const root = doc.documentElement;
    expect(root.nodeName).toBe('svg');
    expect(root.getAttribute('viewBox')?.split(' ').slice(2)).toEqual([`${width}`, `${height}`]);
    const texts = [...doc.querySelectorAll('text')].map((node) => node.textContent);
    expect(texts).toEqual(
      expect.arrayContaining([
        'БагышБагыш', // <title> (Cyrillic original) + shown text
        expect.stringContaining('Асан & <Үсөн>'),
        '1850–',
        'урпактары: 3',
        expect.stringContaining('Жаныбек'),
      ]),
    );
    expect(svg).toContain('Асан &amp; &lt;Үсөн&gt;');
    // Styles are attributes: the file does not depend on the page's stylesheets.
    expect(svg).not.toContain('class=');
  });

  it('shows converted names, keeping the Cyrillic original in <title>', () => {
    const { nodes, layout } = family();
    const { svg } = buildTreeSvg({
      layout,
      nodes,
      labels: testLabels,
      text: (name) => (name === 'Багыш' ? '𐰉𐰍𐰃𐱁' : name),
      selectedId: 1,
    });
    expect(svg).toContain('<title>Багыш</title>𐰉𐰍𐰃𐱁');
  });

  it('embeds the photos it is given, a placeholder for one that failed, none when not shown', () => {
    const { nodes, layout } = family();
    nodes.set(2, { ...nodes.get(2)!, photo_file_id: 7 });
    nodes.set(3, { ...nodes.get(3)!, photo_file_id: 8 });
    const png = 'data:image/png;base64,iVBORw0KGgo=';
    const { svg } = buildTreeSvg({
      layout,
      nodes,
      labels: testLabels,
      photoHref: (fileId) => (fileId === 7 ? png : undefined),
    });
    const doc = new DOMParser().parseFromString(svg, 'image/svg+xml');
    expect(doc.querySelector('parsererror')).toBeNull();
    expect([...doc.querySelectorAll('image')].map((image) => image.getAttribute('href'))).toEqual([
      png,
    ]);
    const card = (name: string) =>
      [...doc.querySelectorAll('g')].find((g) => g.querySelector('title')?.textContent === name)!;
    expect(card('Жаныбек').querySelector('image')).toBeNull();
    expect(card('Жаныбек').querySelectorAll('rect')).toHaveLength(2);
    // Without photos on screen, none in the file either.
    const plain = buildTreeSvg({ layout, nodes, labels: testLabels }).svg;
    expect(plain).not.toContain('<image');
    expect(plain).not.toContain('clipPath');
  });

  it('embeds the rune font when asked, so a file opened on its own shows the runes', () => {
    const { nodes, layout } = family();
    const plain = buildTreeSvg({ layout, nodes, labels: testLabels });
    expect(hasRunes(plain)).toBe(false);
    expect(plain.svg).not.toContain('@font-face');
    const runes = buildTreeSvg({
      layout,
      nodes,
      labels: testLabels,
      text: () => '𐰉𐰍𐰃𐱁',
      runeFont: 'data:font/woff2;base64,AAAA',
    });
    expect(hasRunes(runes)).toBe(true);
    const doc = new DOMParser().parseFromString(runes.svg, 'image/svg+xml');
    expect(doc.querySelector('parsererror')).toBeNull();
    expect(doc.querySelector('defs > style')?.textContent).toContain(
      "font-family:'Noto Sans Old Turkic'",
    );
    expect(runes.svg).toContain("src:url(data:font/woff2;base64,AAAA) format('woff2')");
  });
});

describe('export helpers', () => {
  it('keeps PNG canvases within browser limits', () => {
    expect(pngScale(1000, 500)).toBe(2);
    expect(pngScale(40_000, 1000) * 40_000).toBeLessThanOrEqual(16_384);
    const scale = pngScale(12_000, 12_000);
    expect(12_000 * 12_000 * scale * scale).toBeLessThanOrEqual(64_000_000 + 1);
  });

  it('truncates by code points, never splitting a rune', () => {
    expect(truncate('𐰉𐰍𐰃𐱁𐰉𐰍𐰃𐱁', 4)).toBe('𐰉𐰍𐰃…');
    expect(truncate('Асан', 4)).toBe('Асан');
  });

  it('reads the text out of what renderText returned', () => {
    expect(nodeText('Асан')).toBe('Асан');
    expect(nodeText(<bdi dir="rtl">{'𐰀'}</bdi>)).toBe('𐰀');
    expect(nodeText(['a', <b key="b">{1}</b>])).toBe('a1');
    function Custom() {
      return null;
    }
    expect(nodeText(<Custom />)).toBeUndefined();
  });
});
