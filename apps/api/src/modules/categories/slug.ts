// Kyrgyz Cyrillic in the common Latin spelling (ң ng, ө o, ү u, ж j, ч ch, ы y).
// prettier-ignore
const LATIN: Record<string, string> = {
  а: 'a', б: 'b', в: 'v', г: 'g', д: 'd', е: 'e', ё: 'yo', ж: 'j', з: 'z', и: 'i', й: 'y',
  к: 'k', л: 'l', м: 'm', н: 'n', ң: 'ng', о: 'o', ө: 'o', п: 'p', р: 'r', с: 's', т: 't',
  у: 'u', ү: 'u', ф: 'f', х: 'h', ц: 'ts', ч: 'ch', ш: 'sh', щ: 'shch', ъ: '', ы: 'y', ь: '',
  э: 'e', ю: 'yu', я: 'ya',
};

const SLUG_MAX = 80;

/**
 * A URL slug from a name: Cyrillic transliterated, accents dropped, anything else a hyphen.
 * "Белгилүү баатырлар" → "belgiluu-baatyrlar". Empty when nothing Latin or digit remains.
 */
export function slugify(name: string): string {
  let out = '';
  // Composed first, so that й and ё are looked up whole before accents are dropped.
  for (const ch of name.toLowerCase().normalize('NFC')) out += LATIN[ch] ?? ch;
  return out
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX)
    .replace(/-+$/, '');
}
