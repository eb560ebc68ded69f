import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** A page's size in points, as `pdfinfo` reads it. */
export interface PdfPageSize {
  width: number;
  height: number;
}

/**
 * The text of a PDF as poppler's `pdftotext` reads it (Debian's poppler-utils, installed by
 * .ci/run), with pages separated by form feeds, and each page's size from `pdfinfo`.
 */
export async function readPdf(
  bytes: Buffer,
): Promise<{ text: string; pages: string[]; sizes: PdfPageSize[] }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'pdf-text-'));
  try {
    const file = path.join(dir, 'document.pdf');
    await writeFile(file, bytes);
    const { stdout } = await run('pdftotext', ['-enc', 'UTF-8', file, '-'], {
      maxBuffer: 256 * 1024 * 1024,
    });
    const pages = stdout.split('\f');
    if (pages.at(-1)?.trim() === '') pages.pop();
    // -l past the last page reads to the end.
    const info = await run('pdfinfo', ['-f', '1', '-l', '100000', file]);
    const sizes = [...info.stdout.matchAll(/^Page\s+\d+ size:\s+([\d.]+) x ([\d.]+) pts/gm)].map(
      (match) => ({ width: Number(match[1]), height: Number(match[2]) }),
    );
    return { text: stdout, pages, sizes };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * The dark pixels of a PDF's first page, rendered in grey by poppler's `pdftoppm` at a low
 * resolution: text whose font drew nothing (only its text layer) leaves none.
 */
export async function darkPixels(bytes: Buffer): Promise<number> {
  const dir = await mkdtemp(path.join(tmpdir(), 'pdf-ink-'));
  try {
    const file = path.join(dir, 'document.pdf');
    await writeFile(file, bytes);
    await run('pdftoppm', ['-gray', '-r', '36', '-singlefile', file, path.join(dir, 'page')]);
    const image = await readFile(path.join(dir, 'page.pgm'));
    // A binary PGM: "P5", width, height and the largest value, then one byte per pixel.
    const header = /^P5\s+(\d+)\s+(\d+)\s+\d+\s/.exec(image.toString('latin1', 0, 40));
    if (!header) throw new Error('pdftoppm: not a PGM');
    const pixels = image.subarray(header[0].length);
    return pixels.reduce((count, value) => count + (value < 128 ? 1 : 0), 0);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
