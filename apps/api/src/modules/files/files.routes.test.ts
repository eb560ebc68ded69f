import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { FileInfo, FilesPage } from '@bagysh/shared';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from '../../app';
import { files, persons, posts } from '../../db/schema';
import { createTestApp } from '../../test/app';
import { createTestUser, type TestUser } from '../../test/factories';
import { sweepOrphans } from '../../files/file-blobs';
import { FILE_LINK_TTL_SECONDS, signDownloadLink } from '../../files/signed-links';
import { LocalFileStorage } from '../../files/storage/local-storage';
import {
  docxFile,
  exeFile,
  jpegWithGps,
  mp3File,
  multipartBody,
  odtFile,
  pdfFile,
  plainZip,
  pngFile,
} from './test/fixtures';

const MAX_BYTES = 256 * 1024;
const QUOTA_BYTES = 600 * 1024;
const FILE_CSP = "default-src 'none'; sandbox";

const dataDir = mkdtempSync(join(tmpdir(), 'bagysh-files-test-'));
const filesRoot = join(dataDir, 'files');
let app: App;
let owner: TestUser;
let member: TestUser;
let moderator: TestUser;
let admin: TestUser;

beforeAll(async () => {
  app = await createTestApp({ dataDir, uploadMaxBytes: MAX_BYTES, uploadQuotaBytes: QUOTA_BYTES });
  owner = await createTestUser(app);
  member = await createTestUser(app);
  moderator = await createTestUser(app, { role: 'moderator' });
  admin = await createTestUser(app, { role: 'admin' });
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

interface UploadOptions {
  name: string;
  content: Buffer;
  fields?: Record<string, string>;
  contentType?: string;
}

function upload(user: TestUser | null, file: UploadOptions) {
  const form = multipartBody([
    ...Object.entries(file.fields ?? {}).map(([name, value]) => ({ name, value })),
    { name: 'file', filename: file.name, value: file.content, contentType: file.contentType },
  ]);
  return app.inject({
    method: 'POST',
    url: '/api/files/',
    headers: { ...form.headers, ...user?.headers },
    payload: form.payload,
  });
}

async function uploadOk(user: TestUser, file: UploadOptions): Promise<FileInfo> {
  const response = await upload(user, file);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<FileInfo>();
}

function download(url: string, user: TestUser | null, headers: Record<string, string> = {}) {
  return app.inject({ method: 'GET', url, headers: { ...headers, ...user?.headers } });
}

async function createFileCategory(name: string): Promise<number> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/categories/',
    headers: moderator.headers,
    payload: { name, kind: 'file' },
  });
  expect(response.statusCode).toBe(201);
  return response.json<{ id: number }>().id;
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const blobPath = (checksum: string) =>
  join(filesRoot, checksum.slice(0, 2), checksum.slice(2, 4), checksum);

/** Every blob on disk. */
function storedBlobs(): string[] {
  if (!existsSync(filesRoot)) return [];
  return readdirSync(filesRoot, { recursive: true, encoding: 'utf8' })
    .map((path) => path.split('/').pop() ?? '')
    .filter((name) => /^[0-9a-f]{64}$/.test(name));
}

function temporaryFiles(): string[] {
  const dir = join(filesRoot, 'tmp');
  return existsSync(dir) ? readdirSync(dir) : [];
}

async function rowCount(): Promise<number> {
  const [row] = await app.db.select({ value: count() }).from(files);
  return row?.value ?? 0;
}

/** A PDF of exactly `size` bytes whose content differs by `tag`. */
function pdfOfSize(size: number, tag: string): Buffer {
  const head = pdfFile(tag);
  return Buffer.concat([head, Buffer.alloc(size - head.length, 0x20)]);
}

describe('upload and type detection', () => {
  it('refuses guests', async () => {
    const response = await upload(null, { name: 'a.pdf', content: pdfFile() });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toHaveProperty('detail');
  });

  it('stores an image with its detected type, a thumbnail and the uploader', async () => {
    const png = await pngFile(1000, 500);
    const file = await uploadOk(owner, {
      name: 'Сүрөт.png',
      content: png,
      fields: { description: 'Чоң атамдын сүрөтү', visibility: 'public' },
    });
    expect(file).toMatchObject({
      name: 'Сүрөт.png',
      mime_type: 'image/png',
      kind: 'image',
      owner: { id: owner.id, username: owner.username },
      description: 'Чоң атамдын сүрөтү',
      visibility: 'public',
      category_id: null,
      width: 1000,
      height: 500,
      url: `/api/files/${file.id}/download/`,
      thumbnail_url: `/api/files/${file.id}/thumbnail/`,
    });
    const bytes = (await download(file.url, owner)).rawPayload;
    expect(bytes.length).toBe(file.size);
    expect(sha256(bytes)).toBe(file.checksum);
    expect(existsSync(blobPath(file.checksum))).toBe(true);

    const thumbnail = await download(file.thumbnail_url ?? '', owner);
    expect(thumbnail.statusCode).toBe(200);
    expect(thumbnail.headers['content-type']).toBe('image/webp');
    const meta = await sharp(thumbnail.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBe(320);
  });

  it('judges by content, not name: a PNG named .txt is stored as a PNG', async () => {
    const file = await uploadOk(owner, {
      name: 'notes.txt',
      content: await pngFile(),
      contentType: 'text/plain',
    });
    expect(file.mime_type).toBe('image/png');
    expect(file.kind).toBe('image');
    expect(file.name).toBe('notes.txt');
    const response = await download(file.url, owner);
    expect(response.headers['content-type']).toBe('image/png');
    // Saved with the extension of what it really is.
    expect(response.headers['content-disposition']).toContain("filename*=UTF-8''notes.txt.png");
  });

  it('refuses a program renamed to .jpg, and stores nothing', async () => {
    const rows = await rowCount();
    const blobs = storedBlobs().length;
    const response = await upload(owner, {
      name: 'photo.jpg',
      content: exeFile(),
      contentType: 'image/jpeg',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json<{ detail: string }>().detail).toMatch(/кабыл алынбайт/);
    expect(await rowCount()).toBe(rows);
    expect(storedBlobs().length).toBe(blobs);
    expect(temporaryFiles()).toEqual([]);
  });

  it.each([
    ['page.txt', Buffer.from('<!DOCTYPE html><script>alert(1)</script>')],
    [
      'drawing.png',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>x()</script></svg>'),
    ],
    ['data.txt', Buffer.from('<?xml version="1.0"?><a/>')],
    ['archive.docx', plainZip()],
    ['blob.txt', Buffer.from([0x00, 0x01, 0x02, 0x03, 0x80, 0x81, 0x99])],
    ['latin1.txt', Buffer.from('Caf\xe9', 'latin1')],
  ])(
    'refuses %s (HTML, SVG, XML, plain zip, binary, non-UTF-8) with 415',
    async (name, content) => {
      const response = await upload(owner, { name, content });
      expect(response.statusCode).toBe(415);
      expect(response.json()).toHaveProperty('detail');
    },
  );

  it.each([
    [
      'Санжыра.docx',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'document',
      docxFile(),
    ],
    ['Тизме.odt', 'application/vnd.oasis.opendocument.text', 'document', odtFile()],
    ['scan.pdf', 'application/pdf', 'pdf', pdfFile('kinds')],
    ['ыр.mp3', 'audio/mpeg', 'audio', mp3File()],
    ['эскертме.txt', 'text/plain', 'text', Buffer.from('Багыш уруусу\nАсан Үсөн уулу\n')],
  ])('accepts %s as %s (%s)', async (name, mime, kind, content) => {
    const file = await uploadOk(owner, { name, content });
    expect(file).toMatchObject({ name, mime_type: mime, kind, thumbnail_url: null, width: null });
  });

  it('strips EXIF and GPS from a stored photo and applies its orientation', async () => {
    const original = await jpegWithGps();
    expect(original.includes('Secret Model 9000')).toBe(true);
    const file = await uploadOk(owner, { name: 'IMG_0001.JPG', content: original });
    expect(file.mime_type).toBe('image/jpeg');
    // Orientation 6 turned the 200×100 pixels upright.
    expect([file.width, file.height]).toEqual([100, 200]);

    const stored = (await download(file.url, owner)).rawPayload;
    const meta = await sharp(stored).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect([meta.width, meta.height]).toEqual([100, 200]);
    expect(stored.includes('Secret Model 9000')).toBe(false);
    expect(stored.includes('GPS')).toBe(false);
    // The checksum is that of the stripped bytes that are kept.
    expect(file.checksum).toBe(sha256(stored));
    expect(file.checksum).not.toBe(sha256(original));
  });

  it('validates the form: a file is required, one only, not empty, known fields', async () => {
    const noFile = multipartBody([{ name: 'description', value: 'x' }]);
    let response = await app.inject({
      method: 'POST',
      url: '/api/files/',
      headers: { ...noFile.headers, ...owner.headers },
      payload: noFile.payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toHaveProperty('file');

    const two = multipartBody([
      { name: 'file', filename: 'a.pdf', value: pdfFile('a') },
      { name: 'file', filename: 'b.pdf', value: pdfFile('b') },
    ]);
    response = await app.inject({
      method: 'POST',
      url: '/api/files/',
      headers: { ...two.headers, ...owner.headers },
      payload: two.payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toHaveProperty('file');

    response = await upload(owner, { name: 'empty.txt', content: Buffer.alloc(0) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ file: ['Файл бош.'] });

    response = await upload(owner, {
      name: 'a.pdf',
      content: pdfFile('fields'),
      fields: { visibility: 'everyone', category_id: 'abc' },
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json()).sort()).toEqual(['category_id', 'visibility']);

    response = await app.inject({
      method: 'POST',
      url: '/api/files/',
      headers: owner.headers,
      payload: { file: 'not multipart' },
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toHaveProperty('detail');
    expect(temporaryFiles()).toEqual([]);
  });

  it('keeps the category and description given with the upload', async () => {
    const category = await createFileCategory('Документтер');
    const file = await uploadOk(owner, {
      name: 'doc.pdf',
      content: pdfFile('category'),
      fields: { category_id: String(category), description: '  Эски документ  ' },
    });
    expect(file.category_id).toBe(category);
    expect(file.description).toBe('Эски документ');
    expect(file.visibility).toBe('members');
  });

  it('refuses a category that is missing or not for files, and keeps nothing', async () => {
    const articles = await app.inject({
      method: 'POST',
      url: '/api/categories/',
      headers: moderator.headers,
      payload: { name: 'Макалалар үчүн', kind: 'article' },
    });
    const before = await app.db.select({ id: files.id }).from(files);
    for (const [categoryId, message] of [
      ['999999', 'Мындай категория жок.'],
      [String(articles.json<{ id: number }>().id), 'Бул категория файлдар үчүн эмес.'],
    ]) {
      const response = await upload(owner, {
        name: 'doc.pdf',
        content: pdfFile(`bad-category-${categoryId}`),
        fields: { category_id: categoryId ?? '' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ category_id: [message] });
    }
    expect(await app.db.select({ id: files.id }).from(files)).toHaveLength(before.length);
    expect(temporaryFiles()).toEqual([]);
  });
});

describe('size limit, quota and interrupted uploads', () => {
  it('answers 413 over the size limit and keeps nothing', async () => {
    const rows = await rowCount();
    const blobs = storedBlobs().length;
    const response = await upload(member, {
      name: 'big.pdf',
      content: pdfOfSize(MAX_BYTES + 1, 'big'),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ detail: 'Файл өтө чоң. Эң чоң көлөмү: 256 КБ.' });
    expect(await rowCount()).toBe(rows);
    expect(storedBlobs().length).toBe(blobs);
    expect(temporaryFiles()).toEqual([]);

    // Exactly at the limit is fine.
    const file = await uploadOk(member, { name: 'edge.pdf', content: pdfOfSize(MAX_BYTES, 'e') });
    expect(file.size).toBe(MAX_BYTES);
    await app.inject({ method: 'DELETE', url: `/api/files/${file.id}/`, headers: member.headers });
  });

  it('leaves no temporary file and no row when the client goes away mid-upload', async () => {
    const rows = await rowCount();
    const blobs = storedBlobs().length;
    const form = multipartBody([
      { name: 'file', filename: 'video.pdf', value: pdfOfSize(200 * 1024, 'cut') },
    ]);
    let sent = false;
    const payload = new Readable({
      read() {
        if (sent) return; // the rest never comes
        sent = true;
        this.push(form.payload.subarray(0, 100 * 1024));
      },
    });
    const pending = app
      .inject({
        method: 'POST',
        url: '/api/files/',
        headers: { ...form.headers, ...member.headers },
        payload,
      })
      .catch((error: unknown) => error);
    // The upload really started: its bytes are being written to a temporary file.
    await vi.waitFor(() => expect(temporaryFiles()).toHaveLength(1));
    payload.destroy(new Error('connection reset by peer'));
    await pending;
    await vi.waitFor(() => expect(temporaryFiles()).toEqual([]));
    expect(await rowCount()).toBe(rows);
    expect(storedBlobs().length).toBe(blobs);
  });

  it('enforces the per-user quota with 413 and reports usage', async () => {
    const user = await createTestUser(app);
    await uploadOk(user, { name: 'one.pdf', content: pdfOfSize(250 * 1024, 'q1') });
    await uploadOk(user, { name: 'two.pdf', content: pdfOfSize(250 * 1024, 'q2') });
    const over = await upload(user, { name: 'three.pdf', content: pdfOfSize(250 * 1024, 'q3') });
    expect(over.statusCode).toBe(413);
    expect(over.json()).toEqual({
      detail: 'Файлдарыңыз үчүн орун жетишсиз. Жалпы чек: 600 КБ. Керексиз файлдарды өчүрүңүз.',
    });

    const limits = await app.inject({ url: '/api/files/limits/', headers: user.headers });
    expect(limits.json()).toEqual({
      max_upload_bytes: MAX_BYTES,
      quota_bytes: QUOTA_BYTES,
      used_bytes: 500 * 1024,
    });
    // Another user's quota is their own.
    await uploadOk(member, { name: 'three.pdf', content: pdfOfSize(250 * 1024, 'q3') });
    expect(temporaryFiles()).toEqual([]);
  });
});

describe('de-duplication', () => {
  it('stores identical bytes once and removes them with their last row', async () => {
    const other = await createTestUser(app);
    const content = pdfFile('same bytes');
    const first = await uploadOk(owner, { name: 'a.pdf', content });
    const second = await uploadOk(other, { name: 'b.pdf', content });
    expect(second.checksum).toBe(first.checksum);
    expect(second.id).not.toBe(first.id);
    expect(storedBlobs().filter((name) => name === first.checksum)).toHaveLength(1);

    let response = await app.inject({
      method: 'DELETE',
      url: `/api/files/${first.id}/`,
      headers: owner.headers,
    });
    expect(response.statusCode).toBe(204);
    expect(existsSync(blobPath(first.checksum))).toBe(true);
    response = await download(second.url, other);
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(content)).toBe(true);

    await app.inject({ method: 'DELETE', url: `/api/files/${second.id}/`, headers: other.headers });
    expect(existsSync(blobPath(first.checksum))).toBe(false);
  });

  it('never leaves a row without its blob when the same bytes are deleted and uploaded at once', async () => {
    const other = await createTestUser(app);
    const content = pdfFile('race');
    for (let round = 0; round < 5; round += 1) {
      const mine = await uploadOk(owner, { name: 'race.pdf', content });
      const [removed, uploaded] = await Promise.all([
        app.inject({ method: 'DELETE', url: `/api/files/${mine.id}/`, headers: owner.headers }),
        upload(other, { name: 'race.pdf', content }),
      ]);
      expect(removed.statusCode).toBe(204);
      expect(uploaded.statusCode).toBe(201);
      const theirs = uploaded.json<FileInfo>();
      expect(existsSync(blobPath(theirs.checksum))).toBe(true);
      expect((await download(theirs.url, other)).rawPayload.equals(content)).toBe(true);
      await app.inject({
        method: 'DELETE',
        url: `/api/files/${theirs.id}/`,
        headers: other.headers,
      });
      expect(existsSync(blobPath(theirs.checksum))).toBe(false);
    }
  });

  it('shares the image and its thumbnail between identical photos', async () => {
    const png = await pngFile(64, 64, '#123456');
    const first = await uploadOk(owner, { name: 'one.png', content: png });
    const second = await uploadOk(member, { name: 'two.png', content: png });
    expect(second.checksum).toBe(first.checksum);
    const thumbnail = sha256((await download(first.thumbnail_url ?? '', owner)).rawPayload);

    await app.inject({ method: 'DELETE', url: `/api/files/${first.id}/`, headers: owner.headers });
    expect(existsSync(blobPath(first.checksum))).toBe(true);
    expect(existsSync(blobPath(thumbnail))).toBe(true);
    await app.inject({
      method: 'DELETE',
      url: `/api/files/${second.id}/`,
      headers: member.headers,
    });
    expect(existsSync(blobPath(first.checksum))).toBe(false);
    expect(existsSync(blobPath(thumbnail))).toBe(false);
  });
});

describe('download', () => {
  let audio: FileInfo;
  const mp3 = mp3File(4096);
  beforeAll(async () => {
    audio = await uploadOk(owner, { name: 'Кошок ыры.mp3', content: mp3 });
  });

  it('sends attachments safely, with the Kyrgyz name in filename*', async () => {
    const response = await download(audio.url, member);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('audio/mpeg');
    expect(response.headers['content-length']).toBe('4096');
    expect(response.headers['accept-ranges']).toBe('bytes');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toBe(FILE_CSP);
    expect(response.headers.etag).toBe(`"${audio.checksum}"`);
    expect(response.headers['cache-control']).toBe('private, no-cache');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="_____ ___.mp3"; filename*=UTF-8''${encodeURIComponent('Кошок ыры.mp3')}`,
    );
    expect(response.rawPayload.equals(mp3)).toBe(true);
  });

  it('shows only images and PDFs inline; text comes as UTF-8 attachment', async () => {
    const pdf = await uploadOk(owner, { name: 'a.pdf', content: pdfFile('inline') });
    const png = await uploadOk(owner, { name: 'b.png', content: await pngFile(10, 10, '#00ff00') });
    const text = await uploadOk(owner, { name: 'c.txt', content: Buffer.from('Салам') });
    const docx = await uploadOk(owner, { name: 'd.docx', content: docxFile() });
    for (const [file, disposition] of [
      [pdf, 'inline'],
      [png, 'inline'],
      [text, 'attachment'],
      [docx, 'attachment'],
    ] as const) {
      const response = await download(file.url, owner);
      expect(response.headers['content-disposition']).toMatch(new RegExp(`^${disposition};`));
      expect(response.headers['content-security-policy']).toBe(FILE_CSP);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    }
    expect((await download(text.url, owner)).headers['content-type']).toBe(
      'text/plain; charset=utf-8',
    );
  });

  it('answers byte ranges with 206 and the right bytes', async () => {
    const cases: [string, number, number][] = [
      ['bytes=0-99', 0, 99],
      ['bytes=4000-', 4000, 4095],
      ['bytes=-10', 4086, 4095],
      ['bytes=4090-9999', 4090, 4095],
    ];
    for (const [range, start, end] of cases) {
      const response = await download(audio.url, member, { range });
      expect(response.statusCode, range).toBe(206);
      expect(response.headers['content-range']).toBe(`bytes ${start}-${end}/4096`);
      expect(response.headers['content-length']).toBe(String(end - start + 1));
      expect(response.rawPayload.equals(mp3.subarray(start, end + 1))).toBe(true);
    }
  });

  it('answers 416 for a range past the end, and ignores ranges it cannot use', async () => {
    const response = await download(audio.url, member, { range: 'bytes=5000-' });
    expect(response.statusCode).toBe(416);
    expect(response.headers['content-range']).toBe('bytes */4096');
    expect(response.json()).toHaveProperty('detail');

    for (const range of ['bytes=0-1,5-6', 'items=0-1', 'bytes=9-2']) {
      const full = await download(audio.url, member, { range });
      expect(full.statusCode, range).toBe(200);
      expect(full.rawPayload.length).toBe(4096);
    }
    // A range of an older version (other ETag) gets the whole file.
    const changed = await download(audio.url, member, { range: 'bytes=0-9', 'if-range': '"x"' });
    expect(changed.statusCode).toBe(200);
    const same = await download(audio.url, member, {
      range: 'bytes=0-9',
      'if-range': `"${audio.checksum}"`,
    });
    expect(same.statusCode).toBe(206);
  });

  it('serves ranges of every kind, e.g. an image', async () => {
    const png = await uploadOk(owner, { name: 'r.png', content: await pngFile(20, 20, '#abcdef') });
    const response = await download(png.url, owner, { range: 'bytes=0-7' });
    expect(response.statusCode).toBe(206);
    expect(response.rawPayload.equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 13, 10, 26, 10]))).toBe(
      true,
    );
  });

  it('answers 304 to a matching ETag and HEAD without a body', async () => {
    const cached = await download(audio.url, member, { 'if-none-match': `"${audio.checksum}"` });
    expect(cached.statusCode).toBe(304);
    expect(cached.rawPayload.length).toBe(0);
    const head = await app.inject({ method: 'HEAD', url: audio.url, headers: member.headers });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe('4096');
    expect(head.rawPayload.length).toBe(0);
  });

  it('has a thumbnail for images only', async () => {
    const response = await download(`/api/files/${audio.id}/thumbnail/`, member);
    expect(response.statusCode).toBe(404);
  });
});

describe('visibility', () => {
  let secret: FileInfo;
  let open: FileInfo;
  beforeAll(async () => {
    secret = await uploadOk(owner, { name: 'family.png', content: await pngFile(8, 8, '#111111') });
    open = await uploadOk(owner, {
      name: 'avatar.png',
      content: await pngFile(8, 8, '#222222'),
      fields: { visibility: 'public' },
    });
  });

  it('never shows a members-only file to guests: 404, as if it did not exist', async () => {
    for (const url of [
      `/api/files/${secret.id}/`,
      secret.url,
      secret.thumbnail_url ?? '',
      `/api/files/999999/`,
    ]) {
      const response = await download(url, null);
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ detail: 'Табылган жок.' });
    }
    const list = await app.inject({ url: `/api/files/?owner=${owner.id}&page_size=100` });
    const ids = list.json<FilesPage>().results.map((file) => file.id);
    expect(ids).toContain(open.id);
    expect(ids).not.toContain(secret.id);
    expect(list.json<FilesPage>().results.every((file) => file.visibility === 'public')).toBe(true);
  });

  it('serves public files to guests', async () => {
    expect((await download(`/api/files/${open.id}/`, null)).json()).toMatchObject({ id: open.id });
    const bytes = await download(open.url, null);
    expect(bytes.statusCode).toBe(200);
    expect(bytes.headers['cache-control']).toBe('public, no-cache');
    expect((await download(open.thumbnail_url ?? '', null)).statusCode).toBe(200);
  });

  it('plays members-only media for members through a short-lived signed link', async () => {
    const audio = await uploadOk(owner, { name: 'kui.mp3', content: mp3File(2048) });
    const linkUrl = `/api/files/${audio.id}/link/`;
    expect((await app.inject({ method: 'POST', url: linkUrl })).statusCode).toBe(401);
    const missing = await app.inject({
      method: 'POST',
      url: '/api/files/999999/link/',
      headers: member.headers,
    });
    expect(missing.statusCode).toBe(404);

    const issued = await app.inject({ method: 'POST', url: linkUrl, headers: member.headers });
    expect(issued.statusCode).toBe(200);
    const link = issued.json<{ url: string; expires_at: string }>();
    const lifetime = Date.parse(link.expires_at) - Date.now();
    expect(lifetime).toBeGreaterThan(60_000);
    expect(lifetime).toBeLessThanOrEqual(FILE_LINK_TTL_SECONDS * 1000);

    // Without the token: the link works, with ranges, and stays private to caches.
    const whole = await download(link.url, null);
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(mp3File(2048))).toBe(true);
    expect(whole.headers['cache-control']).toBe('private, no-cache');
    expect(whole.headers['x-content-type-options']).toBe('nosniff');
    expect(whole.headers['content-security-policy']).toBe(FILE_CSP);
    const part = await download(link.url, null, { range: 'bytes=100-199' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe('bytes 100-199/2048');
    expect(part.rawPayload.equals(mp3File(2048).subarray(100, 200))).toBe(true);

    // The guest still gets nothing without it.
    expect((await download(audio.url, null)).statusCode).toBe(404);
  });

  it("refuses forged, expired and other files' signatures with 403", async () => {
    const secretKey = app.config.jwtSecret ?? '';
    const good = signDownloadLink(secretKey, secret.id);
    const params = new URL(good.url, 'http://x').searchParams;
    const expires = params.get('expires') ?? '';
    const signature = params.get('signature') ?? '';
    const expired = signDownloadLink(
      secretKey,
      secret.id,
      Date.now() - 2 * FILE_LINK_TTL_SECONDS * 1000,
    );
    const forged = signDownloadLink('not-the-secret', secret.id);
    const flipped = signature.startsWith('A') ? `B${signature.slice(1)}` : `A${signature.slice(1)}`;
    for (const url of [
      expired.url,
      forged.url,
      `${secret.url}?expires=${expires}&signature=${flipped}`,
      `${secret.url}?expires=${Number(expires) + 3600}&signature=${signature}`,
      // Signed for one file, tried on another.
      `${open.url}?expires=${expires}&signature=${signature}`,
      `${secret.url}?expires=${expires}`,
      `${secret.url}?signature=${signature}`,
    ]) {
      const response = await download(url, null);
      expect(response.statusCode, url).toBe(403);
      expect(response.json()).toEqual({
        detail: 'Шилтеменин мөөнөтү бүттү же ал жараксыз. Файлды кайра ачыңыз.',
      });
    }
    expect((await download(good.url, null)).statusCode).toBe(200);
  });

  it('shows members-only files to any signed-in member', async () => {
    expect((await download(secret.url, member)).statusCode).toBe(200);
    const list = await app.inject({
      url: `/api/files/?owner=${owner.id}&page_size=100`,
      headers: member.headers,
    });
    expect(list.json<FilesPage>().results.map((file) => file.id)).toContain(secret.id);
  });
});

describe('changing and deleting', () => {
  it('lets the owner, a moderator and an admin change a file; others get 403', async () => {
    const file = await uploadOk(owner, { name: 'a.pdf', content: pdfFile('patch') });
    const url = `/api/files/${file.id}/`;
    const patch = (user: TestUser | null, payload: object) =>
      app.inject({ method: 'PATCH', url, headers: user?.headers, payload });

    expect((await patch(null, { description: 'x' })).statusCode).toBe(401);
    const refused = await patch(member, { description: 'x' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: 'Кирүүгө уруксат жок.' });

    const category = await createFileCategory('Актылар');
    const changed = await patch(owner, {
      name: 'Акт 1932.pdf',
      description: 'Архивден',
      category_id: category,
      visibility: 'public',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({
      name: 'Акт 1932.pdf',
      description: 'Архивден',
      category_id: category,
      visibility: 'public',
      checksum: file.checksum,
    });
    expect((await patch(moderator, { category_id: null })).json()).toMatchObject({
      category_id: null,
      description: 'Архивден',
    });
    expect((await patch(admin, { visibility: 'members' })).statusCode).toBe(200);

    const invalid = await patch(owner, { visibility: 'all', owner_id: 5 });
    expect(invalid.statusCode).toBe(400);
    expect(Object.keys(invalid.json())).toEqual(
      expect.arrayContaining(['visibility', 'non_field_errors']),
    );
  });

  it('lets the owner or a moderator delete; others get 403', async () => {
    const first = await uploadOk(owner, { name: 'a.pdf', content: pdfFile('del-1') });
    const second = await uploadOk(owner, { name: 'b.pdf', content: pdfFile('del-2') });
    const remove = (user: TestUser, id: number) =>
      app.inject({ method: 'DELETE', url: `/api/files/${id}/`, headers: user.headers });

    expect((await remove(member, first.id)).statusCode).toBe(403);
    expect((await remove(owner, first.id)).statusCode).toBe(204);
    expect((await remove(moderator, second.id)).statusCode).toBe(204);
    expect((await download(`/api/files/${first.id}/`, owner)).statusCode).toBe(404);
    expect((await remove(owner, first.id)).statusCode).toBe(404);
    expect(existsSync(blobPath(first.checksum))).toBe(false);
    expect(existsSync(blobPath(second.checksum))).toBe(false);
  });
});

describe('file names', () => {
  it('keeps only a harmless base name: path traversal changes nothing on disk', async () => {
    const outside = join(dataDir, 'evil.txt');
    for (const name of ['../../evil.txt', '..\\..\\evil.txt', '/etc/../evil.txt']) {
      const file = await uploadOk(owner, { name, content: Buffer.from(`traversal ${name}`) });
      expect(file.name).toBe('evil.txt');
      expect(existsSync(blobPath(file.checksum))).toBe(true);
    }
    expect(existsSync(outside)).toBe(false);
    expect(existsSync(join(filesRoot, 'evil.txt'))).toBe(false);

    const dots = await uploadOk(owner, { name: '..', content: Buffer.from('dots') });
    expect(dots.name).toBe('file.txt');

    const file = await uploadOk(owner, { name: 'x.pdf', content: pdfFile('rename') });
    const renamed = await app.inject({
      method: 'PATCH',
      url: `/api/files/${file.id}/`,
      headers: owner.headers,
      payload: { name: '../../etc/passwd\u202Egpj.exe' },
    });
    expect(renamed.json<FileInfo>().name).toBe('passwdgpj.exe');
    // U+0000 never reaches the name cleaning: the input guard refuses it.
    const nul = await app.inject({
      method: 'PATCH',
      url: `/api/files/${file.id}/`,
      headers: owner.headers,
      payload: { name: 'passwd\u0000.exe' },
    });
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toHaveProperty('name');
    expect((await download(file.url, owner)).headers['content-disposition']).toContain(
      "filename*=UTF-8''passwdgpj.exe.pdf",
    );
    const empty = await app.inject({
      method: 'PATCH',
      url: `/api/files/${file.id}/`,
      headers: owner.headers,
      payload: { name: '../..' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toHaveProperty('name');
  });
});

describe('list', () => {
  let lister: TestUser;
  let ids: { photo: number; doc: number; song: number };
  let categories: { photos: number; docs: number };
  beforeAll(async () => {
    lister = await createTestUser(app);
    categories = {
      photos: await createFileCategory('Сүрөттөр'),
      docs: await createFileCategory('Кагаздар'),
    };
    const photo = await uploadOk(lister, {
      name: 'Үй-бүлө.png',
      content: await pngFile(12, 12, '#333333'),
      fields: { description: 'Өмүрбектин тою', category_id: String(categories.photos) },
    });
    const doc = await uploadOk(lister, {
      name: 'Санжыра 1990.pdf',
      content: pdfFile('list'),
      fields: { visibility: 'public', category_id: String(categories.docs) },
    });
    const song = await uploadOk(lister, { name: 'Кошок.mp3', content: mp3File(2048) });
    ids = { photo: photo.id, doc: doc.id, song: song.id };
  });

  const list = async (query: string, user: TestUser | null = lister) => {
    const response = await app.inject({
      url: `/api/files/?owner=${lister.id}&${query}`,
      headers: user?.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<FilesPage>();
  };

  it('lists newest first and pages with next/previous links', async () => {
    const all = await list('');
    expect(all.results.map((file) => file.id)).toEqual([ids.song, ids.doc, ids.photo]);
    const first = await list('page_size=2');
    expect(first.count).toBe(3);
    expect(first.previous).toBeNull();
    expect(first.next).toMatch(/^http:\/\/[^/]+\/api\/files\/\?.*page=2/);
    expect(first.next).toContain(`owner=${lister.id}`);
    const second = await list('page_size=2&page=2');
    expect(second.results.map((file) => file.id)).toEqual([ids.photo]);
    expect(second.next).toBeNull();
    expect(second.previous).toMatch(/page=1/);
  });

  it('searches name and description, case-insensitively in Kyrgyz', async () => {
    expect((await list('q=ӨМҮРБЕК')).results.map((file) => file.id)).toEqual([ids.photo]);
    expect((await list('q=санжыра 1990')).results.map((file) => file.id)).toEqual([ids.doc]);
    expect((await list('q=100%25')).results).toEqual([]);
  });

  it('filters by kind, category and visibility', async () => {
    expect((await list('kind=audio')).results.map((file) => file.id)).toEqual([ids.song]);
    expect((await list(`category_id=${categories.photos}`)).results.map((file) => file.id)).toEqual(
      [ids.photo],
    );
    expect((await list('visibility=public')).results.map((file) => file.id)).toEqual([ids.doc]);
    expect((await list('', null)).results.map((file) => file.id)).toEqual([ids.doc]);
    const invalid = await app.inject({ url: '/api/files/?kind=exe' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toHaveProperty('kind');
  });
});

describe('crash leftovers', () => {
  it('sweeps unreferenced blobs and stale temporary files, and nothing else', async () => {
    const storage = new LocalFileStorage(filesRoot);
    const kept = await uploadOk(owner, { name: 'kept.pdf', content: pdfFile('kept') });
    // What a crash between storing the blob and inserting its row leaves behind.
    const orphan = await storage.put(Readable.from([Buffer.from('orphan blob')]));
    const recent = await storage.put(Readable.from([Buffer.from('upload in progress')]));
    const staleTemp = join(filesRoot, 'tmp', 'crashed.part');
    const freshTemp = join(filesRoot, 'tmp', 'writing.part');
    writeFileSync(staleTemp, 'partial');
    writeFileSync(freshTemp, 'partial');
    const twoHoursAgo = new Date(Date.now() - 2 * 3600 * 1000);
    for (const path of [blobPath(orphan.key), blobPath(kept.checksum), staleTemp]) {
      utimesSync(path, twoHoursAgo, twoHoursAgo);
    }

    const removed = await sweepOrphans({ db: app.db, storage });
    expect(removed).toEqual({ blobs: 1, temporaryFiles: 1 });
    expect(existsSync(blobPath(orphan.key))).toBe(false);
    expect(existsSync(blobPath(recent.key))).toBe(true);
    expect(existsSync(blobPath(kept.checksum))).toBe(true);
    expect(existsSync(staleTemp)).toBe(false);
    expect(existsSync(freshTemp)).toBe(true);
    expect((await download(kept.url, owner)).statusCode).toBe(200);

    // Every row still has its blob.
    const rows = await app.db.select({ checksum: files.checksum }).from(files);
    for (const row of rows) expect(existsSync(blobPath(row.checksum))).toBe(true);
    const [one] = await app.db.select().from(files).where(eq(files.id, kept.id));
    expect(one?.checksum).toBe(kept.checksum);

    await storage.remove(recent.key);
    await rm(freshTemp);
  });
});

describe('references to files and categories', () => {
  it('clears a cover, an avatar and a person photo when their file is deleted', async () => {
    const image = await uploadOk(owner, {
      name: 'portrait.png',
      content: await pngFile(12, 12, '#334455'),
      fields: { visibility: 'public' },
    });
    const article = await app.inject({
      method: 'POST',
      url: '/api/person-articles/',
      headers: owner.headers,
      payload: { title: 'Мукабалуу макала', cover_file_id: image.id },
    });
    expect(article.statusCode).toBe(201);
    const avatar = await app.inject({
      method: 'PATCH',
      url: '/api/user/',
      headers: owner.headers,
      payload: { avatar_file_id: image.id },
    });
    expect(avatar.statusCode).toBe(200);
    const [person] = await app.db
      .insert(persons)
      .values({ name: 'Сүрөттүү', nameKey: 'suruttuu', photoFileId: image.id })
      .returning({ id: persons.id });

    const deleted = await app.inject({
      method: 'DELETE',
      url: `/api/files/${image.id}/`,
      headers: owner.headers,
    });
    expect(deleted.statusCode).toBe(204);
    const articleId = article.json<{ id: number }>().id;
    const [post] = await app.db
      .select({ coverFileId: posts.coverFileId })
      .from(posts)
      .where(eq(posts.id, articleId));
    expect(post).toEqual({ coverFileId: null });
    const me = await app.inject({ url: '/api/user/', headers: owner.headers });
    expect(me.json()).toMatchObject({ avatar: null });
    const [photo] = await app.db
      .select({ photoFileId: persons.photoFileId })
      .from(persons)
      .where(eq(persons.id, person?.id ?? 0));
    expect(photo).toEqual({ photoFileId: null });
  });

  it('keeps the files of a deleted category, without a category', async () => {
    const category = await createFileCategory('Өчүрүлө турган');
    const file = await uploadOk(owner, {
      name: 'kept.pdf',
      content: pdfFile('kept'),
      fields: { category_id: String(category) },
    });
    const url = `/api/categories/${category}/`;
    const refused = await app.inject({ method: 'DELETE', url, headers: moderator.headers });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ detail: string }>().detail).toContain('1 файлда колдонулат');
    const moved = await app.inject({
      method: 'DELETE',
      url: `${url}?move_to_none=1`,
      headers: moderator.headers,
    });
    expect(moved.statusCode).toBe(204);
    const kept = await download(`/api/files/${file.id}/`, owner);
    expect(kept.statusCode).toBe(200);
    expect(kept.json()).toMatchObject({ id: file.id, category_id: null });
    expect((await download(file.url, owner)).rawPayload.equals(pdfFile('kept'))).toBe(true);
  });

  it('changes a category only to one for files', async () => {
    const file = await uploadOk(owner, { name: 'move.pdf', content: pdfFile('move') });
    const category = await createFileCategory('Жаңы жер');
    const patch = (categoryId: number | null) =>
      app.inject({
        method: 'PATCH',
        url: `/api/files/${file.id}/`,
        headers: owner.headers,
        payload: { category_id: categoryId },
      });
    expect((await patch(999999)).json()).toEqual({ category_id: ['Мындай категория жок.'] });
    const moved = await patch(category);
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ category_id: category });
    expect((await patch(null)).json()).toMatchObject({ category_id: null });
  });
});

describe('OpenAPI', () => {
  it('documents every files route', async () => {
    const response = await app.inject({ url: '/api/docs/json' });
    const paths = Object.keys(response.json<{ paths: Record<string, unknown> }>().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/files/',
        '/api/files/limits/',
        '/api/files/{id}/',
        '/api/files/{id}/download/',
        '/api/files/{id}/link/',
        '/api/files/{id}/thumbnail/',
      ]),
    );
  });
});
