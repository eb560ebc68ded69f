// Writes the home page hero's rune lettering as SVG outlines (src/config/hero-runes.ts),
// taken from the rune font's own glyphs, so the landing page draws it without downloading the
// font (only pages that show runes to the reader load it). Reads the WOFF 1 file of
// @fontsource/noto-sans-old-turkic: zlib tables, cmap format 12, TrueType outlines.
// Usage: node scripts/rune-glyphs.mjs (after changing TEXTS, or the font package)
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { inflateSync } from 'node:zlib';

/**
 * toRunes() (packages/shared) of the texts: the hero's `nav.search` label and the language
 * switch's `language.old_kyShort` (src/config/runes.test.ts checks them).
 */
const TEXTS = {
  HERO_RUNES: { file: 'runes-hero.ts', text: '𐰽𐰀𐰣𐰳𐰃𐰺𐰀' },
  LANGUAGE_PILL_RUNES: { file: 'runes-language-pill.ts', text: '𐰺𐰆𐰣' },
};

const require = createRequire(import.meta.url);
const font = readFileSync(
  require.resolve('@fontsource/noto-sans-old-turkic/files/noto-sans-old-turkic-old-turkic-400-normal.woff'),
);
if (font.toString('latin1', 0, 4) !== 'wOFF') throw new Error('not a WOFF 1 file');

const tables = {};
for (let i = 0, count = font.readUInt16BE(12); i < count; i++) {
  const entry = 44 + i * 20;
  const tag = font.toString('latin1', entry, entry + 4);
  const offset = font.readUInt32BE(entry + 4);
  const compressed = font.readUInt32BE(entry + 8);
  const original = font.readUInt32BE(entry + 12);
  const data = font.subarray(offset, offset + compressed);
  tables[tag] = compressed < original ? inflateSync(data) : data;
}
const { head, hhea, hmtx, loca, glyf, cmap } = tables;
const unitsPerEm = head.readUInt16BE(18);
const longLoca = head.readInt16BE(50) === 1;
const ascender = hhea.readInt16BE(4);
const descender = hhea.readInt16BE(6);
const hMetrics = hhea.readUInt16BE(34);

/** Glyph id of a code point, from the first format 12 subtable. */
function glyphOf(codePoint) {
  for (let i = 0, count = cmap.readUInt16BE(2); i < count; i++) {
    const sub = cmap.readUInt32BE(4 + i * 8 + 4);
    if (cmap.readUInt16BE(sub) !== 12) continue;
    for (let g = 0, groups = cmap.readUInt32BE(sub + 12); g < groups; g++) {
      const group = sub + 16 + g * 12;
      const start = cmap.readUInt32BE(group);
      const end = cmap.readUInt32BE(group + 4);
      if (codePoint >= start && codePoint <= end) {
        return cmap.readUInt32BE(group + 8) + codePoint - start;
      }
    }
  }
  throw new Error(`no glyph for U+${codePoint.toString(16)}`);
}

const advanceOf = (glyph) => hmtx.readUInt16BE(Math.min(glyph, hMetrics - 1) * 4);

/** The contours of a simple glyph as points { x, y, on }. */
function contoursOf(glyph) {
  const at = (i) => (longLoca ? loca.readUInt32BE(i * 4) : loca.readUInt16BE(i * 2) * 2);
  const start = at(glyph);
  if (at(glyph + 1) === start) return [];
  const contours = glyf.readInt16BE(start);
  if (contours < 0) throw new Error(`glyph ${glyph} is composite`);
  let p = start + 10;
  const ends = [];
  for (let i = 0; i < contours; i++, p += 2) ends.push(glyf.readUInt16BE(p));
  p += 2 + glyf.readUInt16BE(p);
  const count = ends.at(-1) + 1;
  const flags = [];
  while (flags.length < count) {
    const flag = glyf[p++];
    flags.push(flag);
    if (flag & 8) for (let r = glyf[p++]; r > 0; r--) flags.push(flag);
  }
  const read = (short, same) => {
    const values = [];
    let value = 0;
    for (const flag of flags) {
      if (flag & short) value += flag & same ? glyf[p++] : -glyf[p++];
      else if (!(flag & same)) ((value += glyf.readInt16BE(p)), (p += 2));
      values.push(value);
    }
    return values;
  };
  const xs = read(2, 16);
  const ys = read(4, 32);
  const points = flags.map((flag, i) => ({ x: xs[i], y: ys[i], on: (flag & 1) === 1 }));
  return ends.map((end, i) => points.slice(i === 0 ? 0 : ends[i - 1] + 1, end + 1));
}

/** One contour as an SVG path, quadratic curves with TrueType's implied on-curve midpoints. */
function pathOf(points, dx) {
  const fmt = (point) => `${point.x + dx} ${ascender - point.y}`;
  const mid = (a, b) => ({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2, on: true });
  const first = points.findIndex((point) => point.on);
  const ring =
    first < 0
      ? [mid(points[0], points[1]), ...points.slice(1), points[0]]
      : [...points.slice(first), ...points.slice(0, first)];
  let d = `M${fmt(ring[0])}`;
  for (let i = 1; i <= ring.length; i++) {
    const point = ring[i % ring.length];
    if (point.on) {
      d += `L${fmt(point)}`;
      continue;
    }
    const next = ring[(i + 1) % ring.length];
    const end = next.on ? next : mid(point, next);
    d += `Q${fmt(point)} ${fmt(end)}`;
    if (next.on) i++;
  }
  return `${d}Z`;
}

/** A text's outlines: the first letter at the right end, as runes are written right to left. */
function outline(text) {
  const glyphs = [...text].map((char) => glyphOf(char.codePointAt(0))).reverse();
  let x = 0;
  let d = '';
  for (const glyph of glyphs) {
    for (const contour of contoursOf(glyph)) d += pathOf(contour, x);
    x += advanceOf(glyph);
  }
  // The last line of each contour goes back to its start, which Z does anyway.
  d = d.replace(/L(-?[\d.]+ -?[\d.]+)Z/g, 'Z');
  return { text, viewBox: `0 0 ${x} ${ascender - descender}`, d };
}

// One module per text, so that a page's bundle takes only its own (the pill is on every page).
for (const [name, { file, text }] of Object.entries(TEXTS)) {
  const { viewBox, d } = outline(text);
  console.log(`${name}: ${[...text].length} glyphs, ${d.length} characters of path`);
  writeFileSync(
    new URL(`../src/config/${file}`, import.meta.url),
    `// Written by scripts/rune-glyphs.mjs from the rune font's glyphs: do not edit.\n\n` +
      `/** ${JSON.stringify(text)} as outlines in font units; ${(ascender - descender) / unitsPerEm} em high. */\n` +
      `export const ${name} = {\n  text: ${JSON.stringify(text)},\n  viewBox: '${viewBox}',\n` +
      `  emHeight: ${(ascender - descender) / unitsPerEm},\n  d: '${d}',\n};\n`,
  );
}
