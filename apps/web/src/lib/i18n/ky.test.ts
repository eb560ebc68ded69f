import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { i18n, translateMessage } from '.';
import { ky } from './ky';

/** Every string value of the catalogue, flattened. */
function values(node: unknown): string[] {
  if (typeof node === 'string') return [node];
  if (node && typeof node === 'object') return Object.values(node).flatMap(values);
  return [];
}

describe('the ky catalogue', () => {
  it('holds every label the product fixes, spelled exactly', () => {
    const all = new Set(values(ky));
    // docs/kyrgyz.md, Fixed labels.
    for (const label of [
      'Башкы бет',
      'Санжыра',
      'Салыштыруу',
      'Багыш мыктылары',
      'Макала кошуу',
      'Сурамжылоо',
      'Файлдар',
      'Категориялар',
      'Инсандар',
      'Багыш уруусу',
      'Негиздөөчүлөр',
      'Жаңылыктар',
      'Байланыш',
      'Кирүү',
      'Профиль',
      'Колдонуучулар',
      'Жүктөлгөн файлдар',
      'Маалымдама',
      'Чыгуу',
      'Жаны сурамжылоо',
      'Вики',
    ]) {
      expect(all, label).toContain(label);
    }
    expect(ky.header.menu).toBe('Меню');
    expect(ky.header.login).toBe('Кирүү');
  });

  it('is i18next’s default and fallback language', () => {
    expect(i18n.language).toBe('ky');
    expect(i18n.options.fallbackLng).toEqual(['ky']);
    expect(i18n.t('nav.files')).toBe('Жүктөлгөн файлдар');
  });

  it('translates catalogue keys and shows other texts (API messages) as they are', () => {
    expect(translateMessage('notices.success')).toBe('Ийгиликтүү');
    expect(translateMessage('Сырсөз туура эмес: кайра териңиз.')).toBe(
      'Сырсөз туура эмес: кайра териңиз.',
    );
    expect(translateMessage('notices')).toBe('notices');
  });
});

describe('no Kyrgyz literals outside the catalogue', () => {
  const src = join(import.meta.dirname, '..', '..');
  const catalogue = join(import.meta.dirname, 'ky.ts');
  // The catalogue's area files.
  const allowed = [join(import.meta.dirname, 'areas')];

  function sourceFiles(dir: string): string[] {
    return readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return name === 'test' ? [] : sourceFiles(path);
      return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
    });
  }

  it('keeps every visible string of the app in the ky catalogue', () => {
    const offenders: string[] = [];
    for (const folder of ['app', 'components', 'config', 'lib', 'features']) {
      for (const file of sourceFiles(join(src, folder))) {
        if (file === catalogue || allowed.some((path) => file.startsWith(path))) continue;
        const code = readFileSync(file, 'utf8')
          .replace(/\/\*[\s\S]*?\*\//g, '')
          .replace(/(^|[^:])\/\/.*$/gm, '$1');
        for (const [index, line] of code.split('\n').entries()) {
          if (/[\u0400-\u04FF]/.test(line)) offenders.push(`${relative(src, file)}:${index + 1}`);
        }
      }
    }
    expect(offenders).toEqual([]);
  });
});
