/**
 * Search keys for person names (docs/genealogy.md, Search): the spellings of one name in Kyrgyz
 * Cyrillic, Russian-style Cyrillic and Latin transliteration fold to one key, so "Omurbek",
 * "Өмүрбек", "омурбек" and "ÖMÜRBEK" all find each other.
 *
 * The key is a plain Cyrillic skeleton:
 * - case is dropped; ң→н, ө→о, ү→у; э→е; ы, й and и are one letter и, and a run of и collapses
 *   (Тагай/Tagai/Tagay, Данияр/Daniyar/Daniiar/Daniar meet); я→иа, ю→иу, ё→ио (Юсуп/Yusup);
 *   ц→тс, щ→ш, ф→п (Kyrgyz writes п for f: Фарида/Парида); ъ ь vanish;
 * - Latin letters are written in Cyrillic: zh, j, dj, dzh→ж; sh→ш; ch→ч; kh, h→х; c, q→к;
 *   x→кс; w, v→в; ö→о, ü→у, ä→а; i and y→и;
 * - н followed by г becomes н, so ng (the usual Latin spelling of ң) meets ң (Чыңгыз/Chyngyz);
 * - hyphens, apostrophes and combining accents vanish; other punctuation and any whitespace
 *   separate words by one space; digits and other scripts stay.
 * Known misses, deliberately not folded: Latin e for ө ("Usen" ≠ Үсөн), Жусуп/Yusuf.
 *
 * Called for every row of a million-person import: one table lookup per character, no regular
 * expressions.
 */

const SEPARATOR = ' ';
const DROP = '';

/**
 * Folded form of each UTF-16 code unit up to the General Punctuation block; an absent entry
 * keeps the character.
 */
const FOLD: readonly (string | undefined)[] = buildFoldTable();

function buildFoldTable(): (string | undefined)[] {
  const table = new Array<string | undefined>(0x2070).fill(undefined);
  const set = (chars: string, folded: string) => {
    for (const ch of chars) table[ch.charCodeAt(0)] = folded;
  };
  // Cyrillic (input is lower-cased first).
  for (const ch of 'абвгдежзклмнопрстухчш') set(ch, ch);
  set('ыйи', 'и');
  set('ң', 'н');
  set('ө', 'о');
  set('ү', 'у');
  set('э', 'е');
  set('ё', 'ио');
  set('ю', 'иу');
  set('я', 'иа');
  set('ц', 'тс');
  set('щ', 'ш');
  set('ф', 'п');
  set('ъь', DROP);
  // Letters of neighbouring alphabets that turn up in names.
  set('әä', 'а');
  set('ғ', 'г');
  set('қ', 'к');
  set('ұ', 'у');
  set('һ', 'х');
  set('іїı', 'и');
  // Latin.
  // prettier-ignore
  const latin: Record<string, string> = {
    a: 'а', b: 'б', c: 'к', d: 'д', e: 'е', f: 'п', g: 'г', h: 'х', i: 'и', j: 'ж', k: 'к',
    l: 'л', m: 'м', n: 'н', o: 'о', p: 'п', q: 'к', r: 'р', s: 'с', t: 'т', u: 'у', v: 'в',
    w: 'в', x: 'кс', y: 'и', z: 'з',
    ö: 'о', ü: 'у', ō: 'о', ū: 'у', é: 'е', è: 'е', ê: 'е', á: 'а', à: 'а', í: 'и',
    ş: 'ш', ç: 'ч', ğ: 'г', ñ: 'н', ŋ: 'н',
  };
  for (const [ch, folded] of Object.entries(latin)) set(ch, folded);
  // Combining accents (a decomposed ö or й) vanish, leaving the base letter.
  for (let code = 0x300; code <= 0x36f; code++) table[code] = DROP;
  // Joiners inside one name.
  set("-'`ʼ’‘\u00ad\u2010\u2011", DROP);
  // Every other ASCII character that is not a letter or digit separates words.
  for (let code = 0; code < 0x80; code++) {
    const ch = String.fromCharCode(code);
    const isAlnum = (ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9');
    if (!isAlnum && table[code] === undefined) table[code] = SEPARATOR;
  }
  // Latin-1 punctuation and the General Punctuation block (spaces, dashes, quotes) separate too;
  // invisible joiners vanish.
  for (let code = 0xa0; code <= 0xbf; code++) table[code] ??= SEPARATOR;
  for (let code = 0x2000; code < 0x2070; code++) table[code] ??= SEPARATOR;
  set('\u200b\u200c\u200d\u2060', DROP);
  // Digits stay as they are.
  for (const ch of '0123456789') set(ch, ch);
  return table;
}

/** Latin digraphs that stand for one Kyrgyz letter, keyed by their first letter. */
function latinDigraph(text: string, i: number): { folded: string; length: number } | undefined {
  const first = text.charCodeAt(i);
  const second = text.charCodeAt(i + 1);
  const h = 0x68;
  switch (first) {
    case 0x64: // d: dzh, dj → ж
      if (second === 0x7a && text.charCodeAt(i + 2) === h) return { folded: 'ж', length: 3 };
      if (second === 0x6a) return { folded: 'ж', length: 2 };
      return undefined;
    case 0x7a: // zh
      return second === h ? { folded: 'ж', length: 2 } : undefined;
    case 0x73: // sh
      return second === h ? { folded: 'ш', length: 2 } : undefined;
    case 0x63: // ch
      return second === h ? { folded: 'ч', length: 2 } : undefined;
    case 0x6b: // kh
      return second === h ? { folded: 'х', length: 2 } : undefined;
    case 0x67: // gh
      return second === h ? { folded: 'г', length: 2 } : undefined;
    default:
      return undefined;
  }
}

/**
 * The search key of a name or any text about names. Equal keys mean "the same name as people
 * spell it"; compare keys, never raw names, in search.
 */
export function foldName(s: string): string {
  const text = s.toLowerCase();
  let out = '';
  let last = SEPARATOR;
  let pendingSpace = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    let folded: string;
    const digraph = code < 0x80 ? latinDigraph(text, i) : undefined;
    if (digraph !== undefined) {
      folded = digraph.folded;
      i += digraph.length - 1;
    } else {
      folded = (code < FOLD.length ? FOLD[code] : undefined) ?? text.charAt(i);
    }
    if (folded === DROP || code === 0xfeff) continue;
    if (folded === SEPARATOR || code === 0x3000) {
      pendingSpace = out.length > 0;
      last = SEPARATOR;
      continue;
    }
    for (let j = 0; j < folded.length; j++) {
      const ch = folded.charAt(j);
      // и from ы/й/и/y/i collapses; г after н is the ng spelling of ң.
      if ((ch === 'и' && last === 'и') || (ch === 'г' && last === 'н')) continue;
      if (pendingSpace) {
        out += SEPARATOR;
        pendingSpace = false;
      }
      out += ch;
      last = ch;
    }
  }
  return out;
}

/** Folded words that say "son of" / "daughter of" (уулу, кызы, Kazakh ұлы, қызы). */
const PATRONYMIC_WORDS: ReadonlySet<string> = new Set(['уулу', 'кизи', 'ули']);

/**
 * Splits a search query into folded name tokens in the order people write them: name, father,
 * grandfather ("Асан Үсөн" → ["асан", "усон"]). Punctuation separates tokens, and the
 * patronymic words уулу / кызы are left out, so "Асан Үсөн уулу" means the same.
 */
export function splitNameQuery(q: string): string[] {
  const key = foldName(q);
  if (key === '') return [];
  return key.split(SEPARATOR).filter((token) => !PATRONYMIC_WORDS.has(token));
}

/**
 * Whether two keys differ by at most one typo: one letter inserted, deleted or replaced, or two
 * neighbouring letters swapped ("асна" for "асан"). Compares UTF-16 code units, which is exact
 * for keys from `foldName`. Linear time, so a whole dictionary of name keys can be scanned.
 */
export function levenshteinWithin1(a: string, b: string): boolean {
  if (a === b) return true;
  const la = a.length;
  const lb = b.length;
  if (Math.abs(la - lb) > 1) return false;
  const [short, long] = la <= lb ? [a, b] : [b, a];
  let i = 0;
  while (i < short.length && short.charCodeAt(i) === long.charCodeAt(i)) i++;
  if (short.length === long.length) {
    // Replace one letter, or swap it with the next one.
    if (short.slice(i + 1) === long.slice(i + 1)) return true;
    return (
      short.charCodeAt(i) === long.charCodeAt(i + 1) &&
      short.charCodeAt(i + 1) === long.charCodeAt(i) &&
      short.slice(i + 2) === long.slice(i + 2)
    );
  }
  // One letter more in `long`: skip it.
  return short.slice(i) === long.slice(i + 1);
}
