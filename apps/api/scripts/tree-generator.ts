import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { mulberry32 } from '../src/lib/random';

/**
 * A synthetic patrilineal санжыра for tests and benchmarks: several founders, 30–45
 * generations, a few thousand distinct Kyrgyz given names with a skewed (Zipf-like) frequency,
 * uneven family sizes, wives taken from other branches, birth and death years and places.
 * The GEDCOM it writes has about 3 events and 1 source citation per person: birth
 * (cited), death of the older generations, occupation, residence of some, a marriage per
 * family, places as "district, Кыргызстан" with coordinates on a few, and 300 sources; one
 * person in ten also has a name of Russian documents ("Асанов Үсөн", for search).
 * Deterministic for a given seed. Memory: a few typed arrays per person.
 */

// Stems and endings that Kyrgyz given names are commonly built from.
const MALE_STEMS = [
  'Асан',
  'Үсөн',
  'Төлө',
  'Бакы',
  'Өмүр',
  'Чыңгы',
  'Жаңы',
  'Төрө',
  'Эшма',
  'Сүйүн',
  'Кеңе',
  'Мөңкө',
  'Үмөт',
  'Бөрү',
  'Көкө',
  'Жоом',
  'Орм',
  'Сары',
  'Кылы',
  'Нур',
  'Бекту',
  'Мамб',
  'Алым',
  'Жолд',
  'Куба',
  'Эрме',
  'Айб',
  'Бекбо',
  'Доол',
  'Мырза',
  'Керим',
  'Күлү',
  'Өскө',
  'Үркү',
  'Шарше',
  'Сады',
  'Тына',
  'Сыды',
  'Түгөл',
  'Арста',
  'Байт',
  'Жанта',
  'Курма',
  'Мура',
  'Эсен',
  'Темир',
  'Бейше',
  'Токон',
  'Кадыр',
  'Шамш',
  'Бообе',
  'Акма',
  'Калы',
  'Ысма',
  'Дүйшө',
  'Жума',
  'Исма',
  'Кубат',
  'Медер',
  'Нарын',
  'Ормо',
  'Сейит',
  'Токто',
  'Улан',
  'Чолпо',
  'Эрки',
];
const MALE_ENDINGS = [
  '',
  'бек',
  'бай',
  'кул',
  'гелди',
  'алы',
  'жан',
  'бол',
  'дөөлөт',
  'тай',
  'ке',
  'баатыр',
  'мырза',
  'таш',
  'өмүр',
  'ан',
  'акун',
  'ша',
  'нур',
  'үүл',
  'кан',
  'ажы',
  'дин',
  'үлан',
  'чоро',
  'ырыс',
  'бакыт',
  'болот',
  'күл',
  'темир',
  'ыр',
  'ата',
  'аалы',
  'жар',
  'ылай',
];
const FEMALE_STEMS = [
  'Ай',
  'Гүл',
  'Жаңыл',
  'Бүбү',
  'Нур',
  'Өмүр',
  'Күмүш',
  'Чолпон',
  'Бермет',
  'Жылдыз',
  'Мөлдүр',
  'Каны',
  'Төлгөн',
  'Сайкал',
  'Урма',
  'Дина',
  'Зуура',
  'Көкүл',
  'Салкы',
  'Асе',
  'Бакты',
  'Эле',
  'Сүй',
  'Үмү',
  'Ырыс',
  'Назгүл',
  'Таттыгүл',
  'Перизат',
  'Алтын',
  'Айсулуу',
];
const FEMALE_ENDINGS = [
  '',
  'гүл',
  'кан',
  'ай',
  'бүбү',
  'нур',
  'жан',
  'күл',
  'сара',
  'ша',
  'зат',
  'ым',
  'ар',
  'ча',
  'на',
  'ке',
  'сулуу',
  'чүрөк',
  'тай',
];
const PLACES = [
  'Ысык-Көл',
  'Кочкор',
  'Нарын',
  'Ат-Башы',
  'Тоң',
  'Жумгал',
  'Талас',
  'Чүй',
  'Ош',
  'Өзгөн',
  'Жалал-Абад',
  'Баткен',
  'Кемин',
  'Түп',
  'Каракол',
  'Балыкчы',
  'Соң-Көл',
  'Ак-Талаа',
];

const OCCUPATIONS = ['малчы', 'дыйкан', 'мугалим', 'уста', 'манап', 'молдо', 'жоокер', 'дарыгер'];
/** Sources of the synthetic tree: books, archives and informants (айтуучу), cited in turn. */
const SOURCE_COUNT = 300;

/** A cheap deterministic hash of an index, for choices that need no random stream. */
function hash(i: number): number {
  return Math.imul(i + 1, 2654435761) >>> 0;
}

function nameList(stems: readonly string[], endings: readonly string[]): string[] {
  const names = new Set<string>();
  for (const ending of endings) {
    for (const stem of stems) {
      const name = ending === '' ? stem : `${stem}${ending}`;
      names.add(name.charAt(0).toUpperCase() + name.slice(1));
    }
  }
  return [...names];
}

export interface GeneratedTree {
  count: number;
  generations: number;
  maleNames: string[];
  femaleNames: string[];
  /** Index of the father, -1 for a founder. */
  father: Int32Array;
  /** Index of the mother, -1 when unknown. */
  mother: Int32Array;
  /** 1 = male, 2 = female. */
  sex: Uint8Array;
  /** Index into maleNames or femaleNames. */
  name: Uint16Array;
  generation: Uint8Array;
  birthYear: Int16Array;
  deathYear: Int16Array;
  place: Uint8Array;
}

export function nameOf(tree: GeneratedTree, index: number): string {
  const names = tree.sex[index] === 1 ? tree.maleNames : tree.femaleNames;
  return names[tree.name[index] ?? 0] ?? 'Асан';
}

/** Builds the tree: generation sizes grow geometrically to `count` persons in all. */
export function generateTree(count: number, seed = 1): GeneratedTree {
  const rand = mulberry32(seed);
  const maleNames = nameList(MALE_STEMS, MALE_ENDINGS);
  const femaleNames = nameList(FEMALE_STEMS, FEMALE_ENDINGS);
  // Zipf-like: a few names are very common, most are rare.
  const pick = (size: number) => Math.min(size - 1, Math.floor(size * rand() ** 2.2));

  const generations = Math.min(45, Math.max(30, Math.round(Math.log(count) * 3)));
  const founders = Math.max(3, Math.min(20, Math.round(count / 50_000)));
  // Sizes g0 = founders … growing by r per generation, scaled to sum to count.
  let r = 1.5;
  for (let k = 0; k < 60; k++) {
    const total = (founders * (r ** generations - 1)) / (r - 1);
    r *= total > count ? 0.995 : 1.005;
  }
  const sizes: number[] = [];
  let left = count;
  for (let g = 0; g < generations; g++) {
    const size =
      g === generations - 1 ? left : Math.min(left, Math.max(1, Math.round(founders * r ** g)));
    sizes.push(size);
    left -= size;
  }
  sizes[generations - 1] = (sizes[generations - 1] ?? 0) + left;

  const father = new Int32Array(count).fill(-1);
  const mother = new Int32Array(count).fill(-1);
  const sex = new Uint8Array(count);
  const name = new Uint16Array(count);
  const generation = new Uint8Array(count);
  const birthYear = new Int16Array(count);
  const deathYear = new Int16Array(count);
  const place = new Uint8Array(count);

  let start = 0;
  let previousMen: number[] = [];
  let previousWomen: number[] = [];
  const wifeOf = new Map<number, number>();
  for (let g = 0; g < generations; g++) {
    const size = sizes[g] ?? 0;
    // Uneven families: each man's weight is heavy-tailed; many have no sons at all.
    const weights = previousMen.map(() => (rand() < 0.3 ? 0 : (-Math.log(1 - rand())) ** 2));
    const cumulative: number[] = [];
    let sum = 0;
    for (const w of weights) cumulative.push((sum += w));
    const men: number[] = [];
    const women: number[] = [];
    for (let k = 0; k < size; k++) {
      const i = start + k;
      const male = g === 0 || rand() < 0.55;
      sex[i] = male ? 1 : 2;
      name[i] = pick(male ? maleNames.length : femaleNames.length);
      generation[i] = g;
      const born = 2005 - (generations - 1 - g) * 27 + Math.floor(rand() * 15) - 7;
      birthYear[i] = born;
      deathYear[i] = born < 1945 ? Math.min(2023, born + 45 + Math.floor(rand() * 45)) : 0;
      place[i] = Math.floor(rand() * PLACES.length);
      if (g > 0 && sum > 0) {
        // Binary search of a father by weight.
        const target = rand() * sum;
        let lo = 0;
        let hi = cumulative.length - 1;
        while (lo < hi) {
          const mid = (lo + hi) >> 1;
          if ((cumulative[mid] ?? 0) < target) lo = mid + 1;
          else hi = mid;
        }
        const f = previousMen[lo] ?? -1;
        father[i] = f;
        // Most fathers have a wife, a daughter of another branch of the previous generation.
        let wife = wifeOf.get(f);
        if (wife === undefined) {
          wife = -1;
          if (previousWomen.length > 0 && rand() < 0.7) {
            // Each woman marries once: she leaves the pool.
            const k = Math.floor(rand() * previousWomen.length);
            const candidate = previousWomen[k] ?? -1;
            previousWomen[k] = previousWomen[previousWomen.length - 1] ?? -1;
            previousWomen.pop();
            // Not his own sister.
            if (father[candidate] !== father[f] || father[f] === -1) wife = candidate;
          }
          wifeOf.set(f, wife);
        }
        mother[i] = wife;
      }
      (male ? men : women).push(i);
    }
    start += size;
    previousMen = men;
    previousWomen = women;
  }
  return {
    count,
    generations,
    maleNames,
    femaleNames,
    father,
    mother,
    sex,
    name,
    generation,
    birthYear,
    deathYear,
    place,
  };
}

/** Writes the tree as GEDCOM 5.5.1 (UTF-8), streaming with back-pressure. */
export async function writeGedcom(tree: GeneratedTree, path: string): Promise<void> {
  const out = createWriteStream(path, { encoding: 'utf8' });
  let buffer = '';
  const flush = async (force = false) => {
    if (buffer.length < 1 << 20 && !force) return;
    if (!out.write(buffer)) await once(out, 'drain');
    buffer = '';
  };
  buffer += [
    '0 HEAD',
    '1 SOUR BAGYSH-GEN',
    '2 NAME Синтетикалык санжыра (тест үчүн)',
    '1 SUBM @U1@',
    '1 GEDC',
    '2 VERS 5.5.1',
    '2 FORM LINEAGE-LINKED',
    '1 CHAR UTF-8',
    '0 @U1@ SUBM',
    '1 NAME gen-tree',
    '',
  ].join('\n');

  // Children by father, in birth order (indices grow with generations and births).
  const n = tree.count;
  const childCount = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const f = tree.father[i] ?? -1;
    if (f !== -1) childCount[f] = (childCount[f] ?? 0) + 1;
  }
  const offset = new Int32Array(n + 1);
  for (let i = 0; i < n; i++) offset[i + 1] = (offset[i] ?? 0) + (childCount[i] ?? 0);
  const fill = offset.slice(0, n);
  const children = new Int32Array(offset[n] ?? 0);
  for (let i = 0; i < n; i++) {
    const f = tree.father[i] ?? -1;
    if (f === -1) continue;
    const slot = fill[f] ?? 0;
    children[slot] = i;
    fill[f] = slot + 1;
  }
  // A wife's family is her husband's: the first father whose children she mothers.
  const husbandOf = new Int32Array(n).fill(-1);
  for (let i = 0; i < n; i++) {
    const m = tree.mother[i] ?? -1;
    const f = tree.father[i] ?? -1;
    if (m !== -1 && husbandOf[m] === -1) husbandOf[m] = f;
  }

  for (let i = 0; i < n; i++) {
    const f = tree.father[i] ?? -1;
    const died = tree.deathYear[i] ?? 0;
    buffer += `0 @I${i + 1}@ INDI\n1 NAME ${nameOf(tree, i)}\n1 SEX ${tree.sex[i] === 1 ? 'M' : 'F'}\n`;
    const h = hash(i);
    buffer += `1 BIRT\n2 DATE ${tree.birthYear[i]}\n2 PLAC ${PLACES[tree.place[i] ?? 0]}, Кыргызстан\n`;
    buffer += `2 SOUR @S${(h % SOURCE_COUNT) + 1}@\n3 PAGE ${(h >>> 8) % 400}-бет\n`;
    if (died) buffer += `1 DEAT\n2 DATE ${died}\n`;
    // One in ten has a name of Russian documents ("Асанов Үсөн"), which search also finds.
    if (f !== -1 && (h >>> 20) % 10 === 0) {
      buffer += `1 NAME ${nameOf(tree, f)}ов ${nameOf(tree, i)}\n2 TYPE aka\n`;
    }
    buffer += `1 OCCU ${OCCUPATIONS[(h >>> 4) % OCCUPATIONS.length]}\n`;
    if ((h >>> 12) % 2 === 0) {
      buffer += `1 RESI\n2 DATE ABT ${(tree.birthYear[i] ?? 0) + 25}\n`;
      buffer += `2 PLAC ${PLACES[(h >>> 16) % PLACES.length]}, Кыргызстан\n`;
    }
    if (f !== -1) buffer += `1 FAMC @F${f + 1}@\n`;
    if ((childCount[i] ?? 0) > 0) buffer += `1 FAMS @F${i + 1}@\n`;
    const husband = husbandOf[i] ?? -1;
    if (husband !== -1) buffer += `1 FAMS @F${husband + 1}@\n`;
    await flush();
  }
  for (let f = 0; f < n; f++) {
    const first = offset[f] ?? 0;
    const last = offset[f + 1] ?? 0;
    if (first === last) continue;
    buffer += `0 @F${f + 1}@ FAM\n1 HUSB @I${f + 1}@\n`;
    const wife = tree.mother[children[first] ?? 0] ?? -1;
    if (wife !== -1 && husbandOf[wife] === f) {
      buffer += `1 WIFE @I${wife + 1}@\n1 MARR\n2 DATE ${(tree.birthYear[f] ?? 0) + 22}\n`;
    }
    for (let k = first; k < last; k++) {
      const c = children[k] ?? 0;
      // A child belongs to this FAM only with this family's mother (or none).
      buffer += `1 CHIL @I${c + 1}@\n`;
    }
    await flush();
  }
  for (let k = 1; k <= SOURCE_COUNT; k++) {
    const place = PLACES[k % PLACES.length];
    if (k % 3 === 0) {
      buffer += `0 @S${k}@ SOUR\n1 _TYPE INFORMANT\n1 TITL ${place} санжырачысынын айтканы ${k}\n`;
      buffer += `1 AUTH Айтуучу ${k}\n1 DATA\n2 DATE ${1960 + (k % 60)}\n2 PLAC ${place}, Кыргызстан\n`;
    } else {
      buffer += `0 @S${k}@ SOUR\n1 TITL Санжыра китеби ${k}\n1 AUTH Автор ${k}\n`;
      buffer += `1 PUBL Бишкек, ${1990 + (k % 30)}\n`;
    }
  }
  buffer += '0 TRLR\n';
  await flush(true);
  out.end();
  await once(out, 'finish');
}
