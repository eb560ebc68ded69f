import { toRunes } from '@bagysh/shared';
import { describe, expect, it } from 'vitest';
import { darkPixels, readPdf } from '../test/pdf-text';
import { createPdf, drawQrCode, finishPdf, printedRuns, printLine } from './pdf-document';

describe('PDF documents', () => {
  it('embeds Kyrgyz Cyrillic and runes so that the text reads back', async () => {
    const doc = createPdf({ size: 'A4' });
    doc.addPage();
    doc.text('Өмүрбек Ңаң үзөңгү');
    const runs = printedRuns('Асан 1920', 'old_ky');
    runs.forEach((run, i) => doc.font(run.font).text(run.text, { continued: i < runs.length - 1 }));
    drawQrCode(doc, 'https://bagysh.kg/persons/1', 40, 200, 100);
    const { text, pages } = await readPdf(await finishPdf(doc));
    expect(pages).toHaveLength(1);
    expect(text).toContain('Өмүрбек Ңаң үзөңгү');
    expect(text).toContain('1920');
    // Runes run right to left: the text layer may hold them in either order.
    const runes = [...toRunes('Асан')];
    expect([runes.join(''), runes.reverse().join('')].some((word) => text.includes(word))).toBe(
      true,
    );
  });

  it('keeps every letter in the text layer after an earlier document embedded a glyph made of it', async () => {
    // Noto Sans draws й as и with a breve: embedding й adds и's glyph as a part of it.
    const earlier = createPdf({ size: 'A4' });
    earlier.addPage();
    earlier.text('Бай');
    await finishPdf(earlier);
    const later = createPdf({ size: 'A4' });
    later.addPage();
    later.text('Энеси: Айша. Тирүүбек');
    const { text } = await readPdf(await finishPdf(later));
    expect(text).toContain('Энеси: Айша. Тирүүбек');
  });

  it('draws the runes themselves, not only their text layer', async () => {
    const doc = createPdf({ size: [300, 80] });
    doc.addPage({ margin: 0 });
    printLine(doc, 'Санжыра', 'old_ky', { x: 10, y: 20, width: 280, size: 30 });
    expect(await darkPixels(await finishPdf(doc))).toBeGreaterThan(50);
  });

  it('cuts a runic line into rune and other runs, each with its font', () => {
    expect(printedRuns('Асан 1920', 'old_ky')).toEqual([
      { text: toRunes('Асан'), font: 'runes' },
      { text: ' 1920', font: 'text' },
    ]);
    expect(printedRuns('Асан 1920', 'ky', true)).toEqual([{ text: 'Асан 1920', font: 'bold' }]);
  });
});
