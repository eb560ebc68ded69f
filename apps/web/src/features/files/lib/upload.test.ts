import { formatFileSize, type FileInfo, type FileLimits } from '@bagysh/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { checkFile, uploadedSize, uploadFile } from './upload';

const limits: FileLimits = { max_upload_bytes: 1000, quota_bytes: 5000, used_bytes: 3000 };

describe('checkFile', () => {
  it('accepts an allowed type within the limits', () => {
    expect(checkFile({ name: 'photo.JPG', size: 500, type: 'image/jpeg' }, limits)).toBeNull();
    expect(checkFile({ name: 'scan', size: 500, type: 'application/pdf' }, limits)).toBeNull();
  });

  it('refuses empty files and types the server refuses', () => {
    expect(checkFile({ name: 'a.png', size: 0, type: 'image/png' }, limits)?.key).toBe(
      'upload.empty',
    );
    expect(
      checkFile({ name: 'setup.exe', size: 10, type: 'application/x-msdownload' }, limits)?.key,
    ).toBe('upload.badType');
    expect(checkFile({ name: 'page.html', size: 10, type: 'text/html' }, limits)?.key).toBe(
      'upload.badType',
    );
  });

  it('refuses files over the size limit with both sizes', () => {
    const problem = checkFile(
      { name: 'big.png', size: 2 * 1024 * 1024, type: '' },
      {
        ...limits,
        max_upload_bytes: 1024 * 1024,
        quota_bytes: 0,
      },
    );
    expect(problem).toEqual({ key: 'upload.tooLarge', values: { size: '2 МБ', max: '1 МБ' } });
  });

  it('counts the quota left, including files queued before in the batch', () => {
    expect(checkFile({ name: 'a.png', size: 900, type: '' }, limits)).toBeNull();
    expect(checkFile({ name: 'b.png', size: 900, type: '' }, limits, 1500)?.key).toBe(
      'upload.overQuota',
    );
    // quota 0 means no quota
    expect(
      checkFile({ name: 'b.png', size: 900, type: '' }, { ...limits, quota_bytes: 0 }, 1e9),
    ).toBeNull();
  });

  it('only checks the type while the limits are unknown', () => {
    expect(checkFile({ name: 'huge.mp4', size: 1e12, type: '' }, undefined)).toBeNull();
  });
});

class FakeXhr {
  static last: FakeXhr;
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  status = 0;
  responseText = '';
  headers: Record<string, string> = {};
  method = '';
  url = '';
  body: unknown;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

const stored = {
  id: 7,
  name: 'a.png',
  mime_type: 'image/png',
  kind: 'image',
  size: 3,
  checksum: 'abc',
  owner: { id: 1, username: 'asan' },
  category_id: null,
  description: '',
  visibility: 'members',
  width: 1,
  height: 1,
  url: '/api/files/7/download/',
  thumbnail_url: '/api/files/7/thumbnail/',
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

describe('uploadFile', () => {
  afterEach(() => vi.unstubAllGlobals());

  function start(signal = new AbortController().signal) {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const onProgress = vi.fn();
    const promise = uploadFile({
      file: new File(['abc'], 'a.png', { type: 'image/png' }),
      fields: { description: 'Чоң ата', visibility: 'public' },
      headers: { Authorization: 'Bearer t' },
      onProgress,
      signal,
    });
    return { promise, onProgress, xhr: FakeXhr.last };
  }

  it('posts multipart with the token, reports progress and resolves the stored file', async () => {
    const { promise, onProgress, xhr } = start();
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/files/');
    expect(xhr.headers.Authorization).toBe('Bearer t');
    const form = xhr.body as FormData;
    expect(form.get('description')).toBe('Чоң ата');
    expect(form.get('visibility')).toBe('public');
    expect((form.get('file') as File).name).toBe('a.png');
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 4 } as ProgressEvent);
    expect(onProgress).toHaveBeenCalledWith(0.25);
    xhr.respond(201, stored);
    await expect(promise).resolves.toMatchObject({ id: 7, kind: 'image' });
  });

  it("rejects with the server's message for 413 and 415", async () => {
    const { promise, xhr } = start();
    xhr.respond(413, { detail: 'Файл өтө чоң.' });
    const error: unknown = await promise.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(413);
    expect((error as ApiError).message).toBe('Файл өтө чоң.');
  });

  it('rejects with an AbortError when cancelled', async () => {
    const controller = new AbortController();
    const { promise } = start(controller.signal);
    controller.abort();
    await expect(promise).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('rejects with status 0 on a network failure', async () => {
    const { promise, xhr } = start();
    xhr.onerror?.();
    await expect(promise).rejects.toMatchObject({ status: 0 });
  });
});

describe('uploadedSize', () => {
  it('is the stored size once the server has the file (it re-encodes images), as the list shows', () => {
    // 16 KB picked, 14 KB stored: the row and the list must not disagree.
    const stored = { size: 14_600 } as FileInfo;
    expect(formatFileSize(uploadedSize({ size: 16_500, result: stored }))).toBe('14 КБ');
    expect(formatFileSize(uploadedSize({ size: 16_500 }))).toBe('16 КБ');
  });
});
