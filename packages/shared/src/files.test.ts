import { beforeAll, describe, expect, it } from 'vitest';
import {
  ALLOWED_FILE_TYPES,
  allowedFileType,
  FILE_INPUT_ACCEPT,
  FileUpdateInput,
  FileUploadFields,
  formatFileSize,
} from './files';
import { useKyrgyzValidationMessages } from './zod-ky';

beforeAll(() => useKyrgyzValidationMessages());

describe('allowed file types', () => {
  it('lists each MIME type once, with a kind and an extension', () => {
    const mimes = ALLOWED_FILE_TYPES.map((type) => type.mime);
    expect(new Set(mimes).size).toBe(mimes.length);
    for (const type of ALLOWED_FILE_TYPES) expect(type.extensions.length).toBeGreaterThan(0);
  });

  it('allows office documents but no archives, programs, HTML or SVG', () => {
    expect(allowedFileType('application/pdf')?.kind).toBe('pdf');
    expect(
      allowedFileType('application/vnd.openxmlformats-officedocument.wordprocessingml.document')
        ?.kind,
    ).toBe('document');
    for (const mime of [
      'application/zip',
      'application/x-msdownload',
      'text/html',
      'image/svg+xml',
    ]) {
      expect(allowedFileType(mime)).toBeUndefined();
    }
  });

  it('gives a file input an accept list of types and extensions', () => {
    expect(FILE_INPUT_ACCEPT.split(',')).toEqual(expect.arrayContaining(['image/png', '.pdf']));
  });
});

describe('formatFileSize', () => {
  it.each([
    [500, '1 КБ'],
    [256 * 1024, '256 КБ'],
    [50 * 1024 * 1024, '50 МБ'],
    [1.25 * 1024 * 1024, '1.3 МБ'],
    [1024 * 1024 * 1024, '1 ГБ'],
  ])('%d bytes → %s', (bytes, text) => {
    expect(formatFileSize(bytes)).toBe(text);
  });
});

describe('upload fields', () => {
  it('defaults to members-only, no category, no description', () => {
    expect(FileUploadFields.parse({})).toEqual({ description: '', visibility: 'members' });
    expect(FileUploadFields.parse({ category_id: '' }).category_id).toBeNull();
    expect(FileUploadFields.parse({ category_id: '12' }).category_id).toBe(12);
  });

  it('refuses an unknown visibility in Kyrgyz', () => {
    const result = FileUploadFields.safeParse({ visibility: 'everyone' });
    expect(result.error?.issues[0]?.message).toBe('Туура эмес тандоо.');
  });
});

describe('FileUpdateInput', () => {
  it('refuses fields that cannot change (owner, content)', () => {
    expect(FileUpdateInput.safeParse({ owner_id: 1 }).success).toBe(false);
    expect(FileUpdateInput.parse({ name: '  a.pdf ', category_id: null })).toEqual({
      name: 'a.pdf',
      category_id: null,
    });
  });
});
