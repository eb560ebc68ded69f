import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';
import type { FontkitFont } from 'fontkit';
import { toRunes, type PrintScript } from '@bagysh/shared';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { yieldToRequests } from './render-slots';

/**
 * What every printed PDF (the wall poster, the book) is made with: one document type with the
 * site's fonts embedded, text in the reader's script, a QR code, and the finished bytes.
 *
 * Fonts come from npm packages, never from the machine: Noto Sans (Latin, Cyrillic with ң ө ү)
 * and Noto Sans Old Turkic (the runes), the same families the site shows. pdfkit embeds only the
 * glyphs a document uses.
 */

const require = createRequire(import.meta.url);

const FONT_FILES = {
  text: require.resolve('@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf'),
  bold: require.resolve('@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf'),
  // WOFF, not WOFF2: fontkit subsets a WOFF2 font's transformed glyph table into glyphs with
  // no outlines (the runes took their place but printed nothing).
  runes:
    require.resolve('@fontsource/noto-sans-old-turkic/files/noto-sans-old-turkic-old-turkic-400-normal.woff'),
} as const;

/** The fonts registered on every document, by name: `doc.font(PDF_FONTS.bold)`. */
export const PDF_FONTS = { text: 'text', bold: 'bold', runes: 'runes' } as const;

/** 1 mm in PDF points (1/72 inch). */
export const MM = 72 / 25.4;

/**
 * The fonts parsed once per process: a font read from its file for each document decoded its
 * tables again (about 70 ms of CPU per font and document). pdfkit takes a fontkit font as it
 * is; each document still embeds its own subset.
 */
let parsedFonts: Array<[name: string, font: FontkitFont]> | undefined;

function fonts() {
  parsedFonts ??= Object.entries(FONT_FILES).map(([name, file]) => [
    name,
    fontkit.create(readFileSync(file)),
  ]);
  return parsedFonts;
}

/**
 * A document's own view of a shared font: its tables are the shared ones, its glyph cache is
 * its own. fontkit keeps each glyph with the letters it was first made for, and a glyph first
 * made as a part of another (и inside й, when a document embeds й) has none: pdfkit's text layer
 * then dropped that letter from every later document, so a book's names could not be searched
 * or copied.
 */
function documentFont(shared: FontkitFont): FontkitFont {
  const font = Object.create(shared) as FontkitFont & { _glyphs: object };
  font._glyphs = {};
  return font;
}

/** A new document with the site's fonts registered; `text` is the current font. */
export function createPdf(options: PDFKit.PDFDocumentOptions = {}): PDFKit.PDFDocument {
  const doc = new PDFDocument({ autoFirstPage: false, ...options });
  // pdfkit's types name files and buffers only; it takes a fontkit font too (PDFFontFactory).
  for (const [name, font] of fonts())
    doc.registerFont(name, documentFont(font) as unknown as Buffer);
  doc.font(PDF_FONTS.text);
  return doc;
}

/**
 * Text as printed in `script`: as it is, or its Cyrillic letters in runes (Latin letters,
 * digits and punctuation stay, as on the site).
 */
export function printed(text: string, script: PrintScript): string {
  return script === 'old_ky' ? toRunes(text) : text;
}

/** Old Turkic letters (U+10C00–U+10C4F): what the rune font draws. */
const RUNE_RUN = /([\u{10C00}-\u{10C4F}]+)/u;

/**
 * `text` in `script`, cut into runs each with the font that has its letters: the rune font has
 * runes only, so digits, Latin letters and punctuation of a runic line go in the text font.
 * Print them in order with `continued: true` on all but the last.
 */
export function printedRuns(
  text: string,
  script: PrintScript,
  bold = false,
): Array<{ text: string; font: string }> {
  const other = bold ? PDF_FONTS.bold : PDF_FONTS.text;
  return printed(text, script)
    .split(RUNE_RUN)
    .filter((part) => part !== '')
    .map((part) => ({ text: part, font: RUNE_RUN.test(part) ? PDF_FONTS.runes : other }));
}

/** Where `printLine` puts a line: its box (top-left corner and width), size and alignment. */
export interface LineBox {
  x: number;
  y: number;
  width: number;
  /** Font size; a line wider than `width` is printed smaller until it fits. */
  size: number;
  bold?: boolean;
  align?: 'left' | 'center' | 'right';
  color?: string;
}

/**
 * One line of `text` in `script`, never wrapped and never cut: a name too long for its box is
 * printed smaller. A runic line reads right to left: its runs are placed from the right (the
 * rune font lays out the letters of each rune run right to left itself), digits and Latin
 * letters inside it stay left to right (docs/kyrgyz.md, Rune rules).
 */
export function printLine(
  doc: PDFKit.PDFDocument,
  text: string,
  script: PrintScript,
  box: LineBox,
) {
  const runs = printedRuns(text, script, box.bold);
  const widthAt = (size: number) =>
    runs.reduce((sum, run) => sum + doc.font(run.font).fontSize(size).widthOfString(run.text), 0);
  let size = box.size;
  let width = widthAt(size);
  if (width > box.width) {
    size = (size * box.width) / width;
    width = widthAt(size);
  }
  const align = box.align ?? 'left';
  let x = align === 'left' ? box.x : box.x + (box.width - width) / (align === 'center' ? 2 : 1);
  doc.fillColor(box.color ?? '#000000');
  const rtl = script === 'old_ky';
  for (const run of rtl ? [...runs].reverse() : runs) {
    // In a line read right to left, a run's leading space stands on its right.
    const text = rtl ? run.text.replace(/^(\s*)(.*?)(\s*)$/su, '$3$2$1') : run.text;
    doc.font(run.font).fontSize(size).text(text, x, box.y, { lineBreak: false });
    x += doc.widthOfString(text);
  }
}

/**
 * A QR code of `url` drawn as filled squares, `size` points wide with its top-left corner at
 * (x, y): vector, so it stays sharp on a poster of any size.
 */
export function drawQrCode(
  doc: PDFKit.PDFDocument,
  url: string,
  x: number,
  y: number,
  size: number,
) {
  const { modules } = QRCode.create(url, { errorCorrectionLevel: 'M' });
  const cell = size / modules.size;
  doc.save().fillColor('#000000');
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (modules.get(row, col)) doc.rect(x + col * cell, y + row * cell, cell, cell);
    }
  }
  doc.fill().restore();
}

/**
 * Ends `doc` and resolves with its bytes. The fonts are embedded first, one at a time with a
 * yield between (subsetting a font is a few hundred milliseconds of CPU for a large document);
 * pdfkit's own end embeds only what is not embedded yet.
 */
export async function finishPdf(doc: PDFKit.PDFDocument): Promise<Buffer> {
  const fonts = (doc as unknown as { _fontFamilies: Record<string, { finalize(): void }> })
    ._fontFamilies;
  for (const font of Object.values(fonts)) {
    await yieldToRequests();
    font.finalize();
  }
  await yieldToRequests();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}
