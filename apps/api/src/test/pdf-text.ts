import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
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
