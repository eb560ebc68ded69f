import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * The text of a PDF as poppler's `pdftotext` reads it (Debian's poppler-utils, installed by
 * .ci/run), with pages separated by form feeds;.
 */
export async function readPdf(bytes: Buffer): Promise<{ text: string; pages: string[] }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'pdf-text-'));
  try {
    const file = path.join(dir, 'document.pdf');
    await writeFile(file, bytes);
    const { stdout } = await run('pdftotext', ['-enc', 'UTF-8', file, '-'], {
      maxBuffer: 256 * 1024 * 1024,
    });
    const pages = stdout.split('\f');
    if (pages.at(-1)?.trim() === '') pages.pop();
    return { text: stdout, pages };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
