import { describe, expect, it } from 'vitest';
import { plainText, sanitizeBody, truncateText } from './sanitize-html';

describe('sanitizeBody', () => {
  it('maps the editor variants to the allowed tags', () => {
    expect(sanitizeBody('<h1>A</h1><b>b</b><i>i</i><del>d</del>')).toBe(
      '<h2>A</h2><strong>b</strong><em>i</em><s>d</s>',
    );
  });

  it('unwraps a refused link and still closes the next link correctly', () => {
    expect(
      sanitizeBody('<p><a href="javascript:x()">bad</a> <a href="/persons/5">ok</a></p>'),
    ).toBe('<p>bad <a href="/persons/5" rel="noopener noreferrer" target="_blank">ok</a></p>');
  });

  it('refuses protocol-relative and backslash links that leave the site', () => {
    expect(sanitizeBody('<a href="//evil.example">a</a><a href="/\\evil.example">b</a>')).toBe(
      'ab',
    );
  });

  it('keeps images of the files API only, with their alt text', () => {
    expect(sanitizeBody('<img src="/api/files/3/download/?size=thumb" alt="a&quot;b">')).toBe(
      '<img src="/api/files/3/download/?size=thumb" alt="a&quot;b" />',
    );
    expect(sanitizeBody('<img src="/api/files/3/../../users/">')).toBe('');
    expect(sanitizeBody('<img src="/api/users/">')).toBe('');
  });

  it('keeps the text of unknown wrappers but drops script and style contents', () => {
    expect(sanitizeBody('<div><span>текст</span></div><script>x</script><style>y</style>')).toBe(
      'текст',
    );
  });
});

describe('plainText', () => {
  it('drops tags, decodes entities and collapses whitespace', () => {
    expect(plainText('<p>Бир</p><p>эки &amp; <b>үч</b></p>\n  1 &lt; 2')).toBe(
      'Бир эки & үч 1 < 2',
    );
  });

  it('keeps paragraphs of a lead apart when asked', () => {
    expect(plainText('бир\n\n\n\nэки  үч', { keepNewlines: true })).toBe('бир\n\nэки үч');
  });
});

describe('truncateText', () => {
  it('cuts at a word boundary with an ellipsis', () => {
    expect(truncateText('бир эки үч төрт', 10)).toBe('бир эки…');
    expect(truncateText('кыска', 10)).toBe('кыска');
  });
});
