import { toRunes } from '@bagysh/shared';
import { describe, expect, it } from 'vitest';
import { htmlToRunes } from './html-runes';

describe('htmlToRunes', () => {
  it('converts the text nodes and keeps the tags and attributes', () => {
    const out = htmlToRunes('<h2>Асан</h2><p>Бир <strong>эки</strong> <a href="/x">үч</a></p>');
    const doc = new DOMParser().parseFromString(out, 'text/html');
    expect(doc.querySelector('h2')?.textContent).toBe(toRunes('Асан'));
    expect(doc.querySelector('strong')?.textContent).toBe(toRunes('эки'));
    expect(doc.querySelector('a')?.getAttribute('href')).toBe('/x');
    expect(doc.querySelector('a')?.textContent).toBe(toRunes('үч'));
    expect(doc.querySelector('h2 > bdi')?.getAttribute('dir')).toBe('rtl');
  });

  it('leaves images and empty input alone', () => {
    expect(htmlToRunes('')).toBe('');
    expect(htmlToRunes('<img src="/api/files/1/download/" alt="">')).toContain(
      'src="/api/files/1/download/"',
    );
  });
});
