import { describe, expect, it } from 'vitest';
import { chartStyle } from '@bagysh/shared';
import { photoClipDefs, runeFontDefs, svgPhoto } from './svg-parts';

const slot = { x: 14, y: 10, size: 40 };

/** Parses an SVG fragment inside an `<svg>` root, failing on malformed markup. */
function parse(fragment: string): Document {
  const doc = new DOMParser().parseFromString(
    `<svg xmlns="http://www.w3.org/2000/svg">${fragment}</svg>`,
    'image/svg+xml',
  );
  expect(doc.querySelector('parsererror')).toBeNull();
  return doc;
}

describe('svgPhoto', () => {
  it('draws an embedded photo in its slot, clipped to the rounded square', () => {
    const png = 'data:image/png;base64,iVBORw0KGgo=';
    const image = parse(svgPhoto(slot, png)).querySelector('image')!;
    expect(image.getAttribute('href')).toBe(png);
    expect(['x', 'y', 'width', 'height'].map((name) => image.getAttribute(name))).toEqual([
      '14',
      '10',
      '40',
      '40',
    ]);
    expect(image.getAttribute('clip-path')).toBe('url(#photo-clip)');
    expect(image.getAttribute('preserveAspectRatio')).toBe('xMidYMid slice');
  });

  it('escapes the href, so a URL cannot break out of the attribute', () => {
    const image = parse(svgPhoto(slot, '/api/files/7/thumb?a=1&b="2"')).querySelector('image')!;
    expect(image.getAttribute('href')).toBe('/api/files/7/thumb?a=1&b="2"');
  });

  it('draws a placeholder square, not a broken image, for a photo that could not be fetched', () => {
    const doc = parse(svgPhoto(slot, undefined));
    expect(doc.querySelector('image')).toBeNull();
    const rect = doc.querySelector('rect')!;
    expect(rect.getAttribute('width')).toBe('40');
    expect(rect.getAttribute('fill')).toBe(chartStyle.background);
    expect(rect.getAttribute('stroke')).toBe(chartStyle.nodeStroke);
  });
});

describe('chart defs', () => {
  it('gives the photos one clip, the size of the slot', () => {
    const rect = parse(photoClipDefs(slot)).querySelector('clipPath#photo-clip > rect')!;
    expect(['x', 'y', 'width', 'height'].map((name) => rect.getAttribute(name))).toEqual([
      '14',
      '10',
      '40',
      '40',
    ]);
  });

  it('embeds the rune font only when given one', () => {
    expect(runeFontDefs(undefined)).toBe('');
    const style = parse(runeFontDefs('data:font/woff2;base64,AAAA')).querySelector('defs > style');
    expect(style?.textContent).toContain("font-family:'Noto Sans Old Turkic'");
    expect(style?.textContent).toContain("src:url(data:font/woff2;base64,AAAA) format('woff2')");
    expect(style?.textContent).toContain('unicode-range:U+10C00-10C4F');
  });
});
