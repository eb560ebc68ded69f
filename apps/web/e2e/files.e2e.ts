import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loginAdmin, registerUser, signInAs } from './support/accounts';
import { DESKTOP, PHONE, useBrowser } from './support/browser';
import { toneWav } from '../../../scripts/test-wav';
import { noisePng } from './support/images';
import { screenshots } from './support/shots';
import { open } from './support/shell';

/** Set FILES_SHOTS=1 to keep screenshots under /tmp/shots-files. */
const SHOTS = process.env.FILES_SHOTS ? '/tmp/shots-files' : null;

/** A minimal valid one-page PDF with a correct cross-reference table. */
function minimalPdf(text: string): Buffer {
  const stream = `BT /F1 24 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(pdf.length);
    pdf += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

const shot = screenshots(SHOTS);

describe('/files: upload, browse, preview, download, edit, delete', () => {
  const session = useBrowser({ pdfViewer: true });

  it('uploads two images and a PDF with progress, previews, downloads and deletes them', async () => {
    const auth = await registerUser({ name: 'files' });
    const page = await session.newPage(DESKTOP);
    await signInAs(page, auth);
    const tag = randomBytes(3).toString('hex');
    const png1 = noisePng(700, 500);
    const png2 = noisePng(640, 480);
    const pdf = minimalPdf(`Sanjyra ${tag}`);

    await open(page, '/files');
    expect(await page.locator('h1').textContent()).toBe('Файлдар');
    expect(await page.title()).toContain('Файлдар');

    // A type the server refuses is stopped before anything is sent.
    await page.getByTestId('files-input').setInputFiles({
      name: `setup-${tag}.exe`,
      mimeType: 'application/x-msdownload',
      buffer: Buffer.from('MZ\x90\x00'),
    });
    const refused = page.getByTestId('upload-item').filter({ hasText: `setup-${tag}.exe` });
    await expect.poll(() => refused.getAttribute('data-status')).toBe('error');
    expect(await refused.textContent()).toContain('Бул түрдөгү файлды жүктөөгө болбойт.');

    // Slow uploads down so that the progress bars can be seen moving.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 400 * 1024,
    });

    await page.getByLabel('Сүрөттөмө').first().fill(`Эски сүрөт ${tag}`);
    await page.getByTestId('files-input').setInputFiles([
      { name: `ata-${tag}.png`, mimeType: 'image/png', buffer: png1 },
      { name: `ene-${tag}.png`, mimeType: 'image/png', buffer: png2 },
    ]);
    // The PDF arrives by drag and drop.
    const transfer = await page.evaluateHandle(
      ({ bytes, name }) => {
        const data = new DataTransfer();
        data.items.add(new File([new Uint8Array(bytes)], name, { type: 'application/pdf' }));
        return data;
      },
      { bytes: [...pdf], name: `kat-${tag}.pdf` },
    );
    await page.getByTestId('files-dropzone').dispatchEvent('dragover', { dataTransfer: transfer });
    await page.getByTestId('files-dropzone').dispatchEvent('drop', { dataTransfer: transfer });

    const items = page.getByTestId('upload-item').filter({ hasText: tag }).filter({
      hasNotText: '.exe',
    });
    await expect.poll(() => items.count()).toBe(3);
    // Each file has its own bar; some bar shows a value strictly between 0 and 100 while sending.
    const seen = new Set<number>();
    for (let i = 0; i < 200; i++) {
      const values = await page
        .getByTestId('upload-item')
        .filter({ hasText: 'png' })
        .getByRole('progressbar')
        .evaluateAll((bars) => bars.map((bar) => Number(bar.getAttribute('aria-valuenow'))));
      values.forEach((value) => seen.add(value));
      if ([...seen].some((value) => value > 0 && value < 100)) break;
      await page.waitForTimeout(50);
    }
    expect([...seen].some((value) => value > 0 && value < 100)).toBe(true);
    expect(await items.first().textContent()).toMatch(/Жүктөлүүдө: \d+%|Жүктөлдү/);
    await shot(page, 'desktop-uploading');

    await expect
      .poll(() => items.evaluateAll((rows) => rows.map((row) => row.getAttribute('data-status'))), {
        timeout: 30_000,
      })
      .toEqual(['done', 'done', 'done']);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });

    // Browse: only this test's files.
    await page.getByRole('searchbox', { name: 'Издөө' }).fill(tag);
    await page.keyboard.press('Enter');
    const cards = page.getByTestId('file-card');
    await expect.poll(() => cards.count()).toBe(3);
    // Image thumbnails are loaded with the token (members-only files).
    await expect
      .poll(() =>
        cards
          .locator('img')
          .evaluateAll((images) =>
            images.map((image) => (image as HTMLImageElement).naturalWidth > 0),
          ),
      )
      .toEqual([true, true]);
    await shot(page, 'desktop-grid');

    // Preview an image in a dialog.
    await page.getByRole('button', { name: `Карап чыгуу: ata-${tag}.png` }).click();
    const preview = page.getByRole('dialog', { name: `ata-${tag}.png` });
    await preview.waitFor();
    const image = preview.getByTestId('preview-image');
    await expect
      .poll(() => image.evaluate((element) => (element as HTMLImageElement).naturalWidth))
      .toBe(700);
    expect(await preview.textContent()).toContain(`Эски сүрөт ${tag}`);
    await shot(page, 'desktop-preview-image');

    // Download from the preview: the stored (metadata-free) bytes under the original name.
    const stored = await page.evaluate(async (token) => {
      const ids = await fetch('/api/files/?q=ata-', {
        headers: { Authorization: `Bearer ${token}` },
      });
      return ((await ids.json()) as { results: { name: string; size: number }[] }).results;
    }, auth.access);
    const storedSize = stored.find((file) => file.name === `ata-${tag}.png`)?.size;
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      preview.getByRole('button', { name: 'Жүктөп алуу' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`ata-${tag}.png`);
    const downloaded = readFileSync((await download.path()) ?? '');
    expect(downloaded.subarray(0, 8)).toEqual(png1.subarray(0, 8));
    expect(downloaded.length).toBe(storedSize);
    await page.keyboard.press('Escape');
    await expect.poll(() => preview.count()).toBe(0);

    // The PDF shows inside the dialog, in Chrome's viewer, from its fetched bytes.
    await page.getByRole('button', { name: `Карап чыгуу: kat-${tag}.pdf` }).click();
    const pdfPreview = page.getByRole('dialog', { name: `kat-${tag}.pdf` });
    await pdfPreview.waitFor();
    const pdfFrame = pdfPreview.getByTestId('preview-pdf');
    await pdfFrame.waitFor();
    expect((await pdfFrame.getAttribute('src')) ?? '').toMatch(/^blob:/);
    const frame = await (await pdfFrame.elementHandle())?.contentFrame();
    if (!frame) throw new Error('the PDF frame has no document');
    // Loaded as a PDF (a frame blocked by a CSP would hold Chrome's error page instead).
    await expect
      .poll(() => frame.evaluate(() => document.contentType).catch(() => 'not yet'))
      .toBe('application/pdf');
    // Chrome's PDF viewer (an extension page) runs inside it, drawing the page (see the shot).
    await expect
      .poll(() => frame.childFrames().map((child) => new URL(child.url()).protocol))
      .toContain('chrome-extension:');
    const frameBox = await pdfFrame.boundingBox();
    expect(frameBox?.height ?? 0).toBeGreaterThan(300);
    await page.waitForTimeout(1000); // the viewer draws the page after it loads
    await shot(page, 'desktop-preview-pdf');
    const [pdfDownload] = await Promise.all([
      page.waitForEvent('download'),
      pdfPreview.getByRole('button', { name: 'Жүктөп алуу' }).click(),
    ]);
    expect(pdfDownload.suggestedFilename()).toBe(`kat-${tag}.pdf`);
    expect(readFileSync((await pdfDownload.path()) ?? '').equals(pdf)).toBe(true);
    await pdfPreview.getByRole('button', { name: 'Жабуу' }).first().click();
    await expect.poll(() => pdfPreview.count()).toBe(0);

    // The list view is remembered across a reload.
    await page.getByRole('button', { name: 'Тизме түрүндө' }).click();
    await page.getByTestId('files-list').waitFor();
    await page.reload();
    await page.getByTestId('files-list').waitFor();
    await expect.poll(() => page.getByTestId('file-row').count()).toBe(3);

    // Edit the PDF's description and visibility.
    await page.getByRole('button', { name: `Түзөтүү: kat-${tag}.pdf` }).click();
    const edit = page.getByRole('dialog', { name: 'Файлды түзөтүү' });
    await edit.waitFor();
    await edit.getByLabel('Сүрөттөмө').fill(`Ата-бабалардын каты ${tag}`);
    await edit.getByRole('button', { name: 'Сактоо' }).click();
    await expect.poll(() => edit.count()).toBe(0);
    const pdfRow = page.getByTestId('file-row').filter({ hasText: `kat-${tag}.pdf` });
    await expect.poll(() => pdfRow.textContent()).toContain(`Ата-бабалардын каты ${tag}`);
    await shot(page, 'desktop-list');

    // Delete one image after the confirmation.
    await page.getByRole('button', { name: `Өчүрүү: ene-${tag}.png` }).click();
    const confirm = page.getByRole('dialog', { name: 'Өчүрүү керекпи?' });
    await confirm.waitFor();
    await shot(page, 'desktop-delete');
    await confirm.getByRole('button', { name: 'Өчүрүү' }).click();
    await expect.poll(() => page.getByTestId('file-row').count()).toBe(2);
    expect(await page.getByText(`ene-${tag}.png`).count()).toBe(0);
    const gone = await page.evaluate(async (token) => {
      const response = await fetch('/api/files/?q=ene-', {
        headers: { Authorization: `Bearer ${token}` },
      });
      return ((await response.json()) as { results: { name: string }[] }).results.map(
        (file) => file.name,
      );
    }, auth.access);
    expect(gone).not.toContain(`ene-${tag}.png`);
  });

  it('plays members-only audio in the preview through a short-lived signed link', async () => {
    const auth = await registerUser({ name: 'files' });
    const tag = randomBytes(3).toString('hex');
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(toneWav())]), `kui-${tag}.wav`);
    const uploaded = await fetch(`${session.baseUrl}/api/files/`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${auth.access}` },
      body: form,
    });
    expect(uploaded.status).toBe(201);
    const file = (await uploaded.json()) as { url: string; visibility: string; kind: string };
    expect(file).toMatchObject({ visibility: 'members', kind: 'audio' });
    // A guest gets nothing from the plain URL.
    expect((await fetch(`${session.baseUrl}${file.url}`)).status).toBe(404);

    const page = await session.newPage(DESKTOP);
    await signInAs(page, auth);
    await open(page, '/files');
    await page.getByRole('searchbox', { name: 'Издөө' }).fill(tag);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('file-card').count()).toBe(1);
    await page.getByRole('button', { name: `Карап чыгуу: kui-${tag}.wav` }).click();
    const preview = page.getByRole('dialog', { name: `kui-${tag}.wav` });
    const audio = preview.getByTestId('preview-media');
    await audio.waitFor();
    const src = (await audio.getAttribute('src')) ?? '';
    expect(src).toMatch(/\/download\/\?expires=\d+&signature=/);
    // The player loaded it without the token: it knows the length (one second).
    await expect
      .poll(() => audio.evaluate((element) => (element as HTMLAudioElement).duration))
      .toBeCloseTo(1, 1);
    // The link serves ranges to anyone holding it, for a few minutes only.
    const part = await fetch(`${session.baseUrl}${src}`, { headers: { Range: 'bytes=0-43' } });
    expect(part.status).toBe(206);
    expect(
      Buffer.from(await part.arrayBuffer())
        .subarray(0, 4)
        .toString('ascii'),
    ).toBe('RIFF');
    await shot(page, 'desktop-preview-audio');
    await page.keyboard.press('Escape');
    await expect.poll(() => preview.count()).toBe(0);
  });

  it('files an upload under the category chosen in the upload panel', async () => {
    const tag = randomBytes(3).toString('hex');
    const admin = await loginAdmin();
    const created = await fetch(`${session.baseUrl}/api/categories/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${admin.access}` },
      body: JSON.stringify({ name: `Архив ${tag}`, kind: 'file' }),
    });
    expect(created.status).toBe(201);
    const category = (await created.json()) as { id: number };

    const auth = await registerUser({ name: 'files' });
    const page = await session.newPage(DESKTOP);
    await signInAs(page, auth);
    await open(page, '/files');
    await page.getByTestId('upload-category').getByRole('combobox').click();
    await page.getByRole('option', { name: `Архив ${tag}` }).click();
    await page.getByTestId('files-input').setInputFiles({
      name: `arkhiv-${tag}.pdf`,
      mimeType: 'application/pdf',
      buffer: minimalPdf(tag),
    });
    const item = page.getByTestId('upload-item').filter({ hasText: `arkhiv-${tag}.pdf` });
    await expect.poll(() => item.getAttribute('data-status')).toBe('done');
    const stored = await fetch(`${session.baseUrl}/api/files/?q=arkhiv-${tag}`, {
      headers: { Authorization: `Bearer ${auth.access}` },
    });
    const results = ((await stored.json()) as { results: { category_id: number | null }[] })
      .results;
    expect(results.map((file) => file.category_id)).toEqual([category.id]);
  });

  it('works at phone width, in runes too', async () => {
    const auth = await registerUser({ name: 'files' });
    const page = await session.newPage(PHONE);
    await signInAs(page, auth);
    const tag = randomBytes(3).toString('hex');
    await open(page, '/files');
    await page.getByTestId('files-input').setInputFiles([
      { name: `bala-${tag}.png`, mimeType: 'image/png', buffer: noisePng(120, 90) },
      { name: `kat-${tag}.pdf`, mimeType: 'application/pdf', buffer: minimalPdf(tag) },
    ]);
    const items = page.getByTestId('upload-item');
    await expect
      .poll(() => items.evaluateAll((rows) => rows.map((row) => row.getAttribute('data-status'))))
      .toEqual(['done', 'done']);
    // A slow upload is cancelled: nothing is kept.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 200 * 1024,
    });
    await page.getByTestId('files-input').setInputFiles({
      name: `gone-${tag}.png`,
      mimeType: 'image/png',
      buffer: noisePng(800, 600),
    });
    const slow = page.getByTestId('upload-item').filter({ hasText: `gone-${tag}.png` });
    await expect
      .poll(() => slow.getByRole('progressbar').getAttribute('aria-valuenow'))
      .not.toBe('0');
    await slow.getByRole('button', { name: 'Жокко чыгаруу' }).click();
    await expect.poll(() => slow.getAttribute('data-status')).toBe('cancelled');
    expect(await slow.textContent()).toContain('Жокко чыгарылды');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });

    await page.getByRole('searchbox', { name: 'Издөө' }).fill(tag);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('file-card').count()).toBe(2);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    await shot(page, 'phone-grid');
    expect(overflow).toBeLessThanOrEqual(0);
    await page.getByRole('button', { name: `Карап чыгуу: bala-${tag}.png` }).click();
    await page.getByTestId('preview-image').waitFor();
    await shot(page, 'phone-preview');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: `Карап чыгуу: kat-${tag}.pdf` }).click();
    await page.getByTestId('preview-pdf').waitFor();
    await page.waitForTimeout(1000); // the viewer draws the page after it loads
    await shot(page, 'phone-preview-pdf');
    await page.keyboard.press('Escape');

    await page.evaluate(() => localStorage.setItem('lang', 'old_ky'));
    await page.reload();
    await page.getByTestId('files-dropzone').waitFor();
    await expect.poll(() => page.locator('bdi[lang="ky-Orkh"]').count()).toBeGreaterThan(3);
    await shot(page, 'phone-runes');
  });
});
