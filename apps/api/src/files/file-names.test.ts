import { describe, expect, it } from 'vitest';
import { contentDisposition, downloadName, sanitizeFileName } from './file-names';

describe('sanitizeFileName', () => {
  it.each([
    ['Сүрөт.png', 'Сүрөт.png'],
    ['../../etc/passwd', 'passwd'],
    ['C:\\Users\\Асан\\doc.pdf', 'doc.pdf'],
    ['..', 'file'],
    ['.htaccess', 'htaccess'],
    ['a\u0000b\u0007c.txt', 'abc.txt'],
    ['invoice\u202Efdp.exe', 'invoicefdp.exe'],
    ['  many   spaces \t.txt  ', 'many spaces .txt'],
    ['what?<is>this:"|*.txt', 'what__is_this____.txt'],
    ['name.pdf...', 'name.pdf'],
  ])('%j → %j', (raw, expected) => {
    expect(sanitizeFileName(raw)).toBe(expected);
  });

  it('uses the fallback when nothing is left', () => {
    expect(sanitizeFileName('/', 'file.pdf')).toBe('file.pdf');
  });

  it('shortens long names to 255 characters and keeps the extension', () => {
    const name = sanitizeFileName(`${'ө'.repeat(400)}.docx`);
    expect([...name].length).toBe(255);
    expect(name.endsWith('ө.docx')).toBe(true);
  });

  it('counts runes (outside the BMP) as single characters', () => {
    const name = sanitizeFileName(`${'𐰀'.repeat(300)}.txt`);
    expect([...name].length).toBe(255);
    expect(name.endsWith('.txt')).toBe(true);
  });
});

describe('downloadName', () => {
  it('keeps a matching extension, whatever its case', () => {
    expect(downloadName('IMG_1.JPG', 'image/jpeg')).toBe('IMG_1.JPG');
    expect(downloadName('a.jpeg', 'image/jpeg')).toBe('a.jpeg');
  });

  it('adds the real extension when the name lies or has none', () => {
    expect(downloadName('scan.txt', 'image/png')).toBe('scan.txt.png');
    expect(downloadName('README', 'text/plain')).toBe('README.txt');
  });
});

describe('contentDisposition', () => {
  it('gives an ASCII fallback and the UTF-8 name per RFC 5987', () => {
    expect(contentDisposition('attachment', 'Үй-бүлө (1).pdf')).toBe(
      `attachment; filename="__-____ (1).pdf"; filename*=UTF-8''%D2%AE%D0%B9-%D0%B1%D2%AF%D0%BB%D3%A9%20%281%29.pdf`,
    );
  });

  it('cannot be broken out of by quotes or backslashes', () => {
    expect(contentDisposition('inline', 'a"b\\c.png')).toBe(
      `inline; filename="a_b_c.png"; filename*=UTF-8''a%22b%5Cc.png`,
    );
  });
});
