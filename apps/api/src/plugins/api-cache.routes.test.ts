import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FileInfo, Person, PersonList } from '@bagysh/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app';
import { multipartBody, pngFile } from '../modules/files/test/fixtures';
import { addLine, addPerson } from '../modules/persons/persons.factories';
import { createTestApp } from '../test/app';
import { createTestUser, type TestUser } from '../test/factories';

const dataDir = mkdtempSync(join(tmpdir(), 'bagysh-delivery-test-'));
afterAll(() => rm(dataDir, { recursive: true, force: true }));

let app: App;
let moderator: TestUser;
let member: TestUser;
let living: Person;

beforeAll(async () => {
  app = await createTestApp({ dataDir });
  moderator = await createTestUser(app, { role: 'moderator' });
  member = await createTestUser(app);
  // Enough persons for list answers and an export well over the 1 KB threshold.
  await addLine(
    app,
    moderator,
    Array.from({ length: 30 }, (_, i) => `Багыш уулу ${i + 1}`),
  );
  living = await addPerson(app, moderator, {
    name: 'Тирүү Адам',
    sex: 'M',
    birth_year: new Date().getFullYear() - 30,
    death_year: null,
    birth_place: 'Жашыруун Жер',
  });
});

function get(url: string, headers: Record<string, string> = {}) {
  return app.inject({ method: 'GET', url, headers });
}

describe('compressed API answers', () => {
  it('compresses JSON over 1 KB with brotli or gzip, and leaves small answers alone', async () => {
    const plain = await get('/api/persons/?page_size=50');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await get('/api/persons/?page_size=50', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gz = await get('/api/persons/?page_size=50', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());

    const small = await get('/api/health/', { 'accept-encoding': 'br' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toMatchObject({ status: 'ok' });
  });

  it('streams the GEDCOM export compressed, the same text as uncompressed', async () => {
    const plain = await get('/api/gedcom/export/', member.headers);
    expect(plain.statusCode).toBe(200);
    expect(plain.body).toContain('Багыш уулу 30');
    const gz = await get('/api/gedcom/export/', { ...member.headers, 'accept-encoding': 'gzip' });
    expect(gz.statusCode).toBe(200);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['content-disposition']).toMatch(
      /^attachment; filename="bagysh-sanjyra-5\.5\.1\.ged"/,
    );
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
  });

  it('sends stored files intact: images as they are, text compressed, ranges never', async () => {
    const upload = async (name: string, content: Buffer) => {
      const form = multipartBody([{ name: 'file', filename: name, value: content }]);
      const response = await app.inject({
        method: 'POST',
        url: '/api/files/',
        headers: { ...form.headers, ...member.headers },
        payload: form.payload,
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<FileInfo>();
    };
    const png = await pngFile(200, 200, '#00ff00');
    const image = await upload('a.png', png);
    const picture = await get(image.url, { ...member.headers, 'accept-encoding': 'br, gzip' });
    expect(picture.headers['content-encoding']).toBeUndefined();
    expect(picture.headers['content-length']).toBe(String(png.length));
    expect(picture.rawPayload.equals(png)).toBe(true);

    const text = Buffer.from('Багыш санжырасы.\n'.repeat(200));
    const file = await upload('b.txt', text);
    const whole = await get(file.url, { ...member.headers, 'accept-encoding': 'gzip' });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(whole.rawPayload).equals(text)).toBe(true);

    const part = await get(file.url, {
      ...member.headers,
      'accept-encoding': 'gzip',
      range: 'bytes=0-99',
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-encoding']).toBeUndefined();
    expect(part.rawPayload.equals(text.subarray(0, 100))).toBe(true);
  });
});

describe('ETags and cache headers of API reads', () => {
  it('answers a repeated read with 304 and no body, and a changed one with 200', async () => {
    const url = `/api/persons/${living.id}/`;
    const first = await get(url);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await get(url, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    // The same with compression asked for: the tag is of the content, not of its encoding.
    expect((await get(url, { 'if-none-match': etag, 'accept-encoding': 'br' })).statusCode).toBe(
      304,
    );

    // A guest is not told a living person's version.
    const { version } = (await get(url, moderator.headers)).json<Person>();
    const changed = await app.inject({
      method: 'PATCH',
      url,
      headers: moderator.headers,
      payload: { name: 'Тирүү Адамдын Аты', version },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const fresh = await get(url, { 'if-none-match': etag });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json<Person>().name).toBe('Тирүү Адамдын Аты');
    expect(fresh.headers.etag).not.toBe(etag);
  });

  it('keeps a guest’s reads revalidated and a member’s private, varying by Authorization', async () => {
    const guest = await get('/api/persons/');
    expect(guest.headers['cache-control']).toBe('no-cache');
    expect(guest.headers.vary).toMatch(/authorization/i);

    const own = await get('/api/persons/', member.headers);
    expect(own.headers['cache-control']).toBe('private, no-cache');
    expect(own.headers.vary).toMatch(/authorization/i);
  });

  it('never hands a member’s answer to a guest through the ETag', async () => {
    const url = `/api/persons/${living.id}/`;
    const forMember = await get(url, member.headers);
    expect(forMember.json<Person>().birth_place).toBe('Жашыруун Жер');
    const memberTag = forMember.headers.etag as string;

    const guest = await get(url, { 'if-none-match': memberTag });
    expect(guest.statusCode).toBe(200);
    expect(guest.headers.etag).not.toBe(memberTag);
    expect(guest.json<Person>()).toMatchObject({ restricted: true, birth_place: null });

    // The same for a list: a guest's page of persons is not the member's.
    const memberList = await get('/api/persons/?living=true', member.headers);
    const guestList = await get('/api/persons/?living=true', {
      'if-none-match': memberList.headers.etag as string,
    });
    expect(guestList.statusCode).toBe(200);
    const found = guestList.json<PersonList>().results.find((p) => p.id === living.id);
    expect(found).toMatchObject({ restricted: true });
  });
});
