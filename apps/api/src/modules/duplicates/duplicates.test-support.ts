import { foldName } from '@bagysh/shared';
import type { App } from '../../app';
import { personsTable } from '../../genealogy/person-table';
import { mulberry32 } from '../../lib/random';

/**
 * A small санжыра with planted duplicates, known truth: a few founders' lines of sons (and some
 * daughters), then one branch typed again as another family would send it — its top without a
 * father, names respelled (Latin, Russian-style о/у for ө/ү, a typo now and then) and birth
 * years moved by up to two or left out.
 */

const MALE = [
  'Асан',
  'Үсөн',
  'Өмүрбек',
  'Токтосун',
  'Байтик',
  'Жапар',
  'Калыс',
  'Мамат',
  'Чыңгыз',
  'Төлөгөн',
  'Бакыт',
  'Эшмат',
  'Сүйүнбай',
  'Кеңеш',
  'Мөңкө',
  'Үмөталы',
  'Бөрүбай',
  'Көкөтөй',
  'Жоомарт',
  'Ормон',
  'Сарыбай',
  'Кылыч',
  'Нурлан',
  'Бектур',
  'Мамбет',
  'Алымбек',
  'Жолдош',
  'Кубаныч',
  'Эрмек',
  'Айбек',
  'Бекболот',
  'Доолот',
  'Мырзабек',
  'Керимбай',
  'Күлүкбай',
  'Өскөнбай',
  'Үркүнбай',
  'Шаршен',
  'Садык',
  'Тынай',
  'Сыдык',
  'Түгөлбай',
  'Арстан',
  'Байтемир',
  'Жантай',
  'Курманбек',
  'Мураталы',
  'Эсенгул',
  'Темирбек',
  'Бейшен',
  'Токон',
  'Кадыр',
  'Шамшы',
  'Боронбай',
  'Акмат',
  'Калыбек',
  'Ысмайыл',
  'Дүйшөн',
  'Жумабай',
  'Исмаил',
  'Кубатбек',
  'Медер',
  'Нарынбай',
  'Сейитбек',
  'Токтогул',
  'Абдыкерим',
  'Качкын',
  'Өтөгөн',
  'Зарыл',
  'Дөөлөт',
];
const FEMALE = [
  'Бүбү',
  'Айгүл',
  'Гүлнара',
  'Күмүшай',
  'Зуура',
  'Сайра',
  'Бурул',
  'Нургүл',
  'Чынара',
  'Өмүркан',
  'Турдукан',
  'Жылдыз',
  'Салкын',
  'Айчүрөк',
  'Күлүйпа',
  'Көкүл',
  'Ырыс',
  'Бермет',
];

const LATIN: Record<string, string> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  е: 'e',
  ж: 'zh',
  з: 'z',
  и: 'i',
  й: 'i',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  ң: 'ng',
  о: 'o',
  ө: 'ö',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ү: 'ü',
  ф: 'f',
  х: 'kh',
  ч: 'ch',
  ш: 'sh',
  ы: 'y',
  э: 'e',
  ю: 'yu',
  я: 'ya',
};

/** The name in Latin letters as a family abroad writes it ("Өмүрбек" → "Ömürbek"). */
export function latinOf(name: string): string {
  let out = '';
  for (const ch of name) {
    const lower = ch.toLowerCase();
    const latin = LATIN[lower] ?? lower;
    out += ch === lower ? latin : latin.charAt(0).toUpperCase() + latin.slice(1);
  }
  return out;
}

/** Russian-style spelling: ө, ү, ң written о, у, н. */
export function russianOf(name: string): string {
  return name
    .replace(/ө/g, 'о')
    .replace(/Ө/g, 'О')
    .replace(/ү/g, 'у')
    .replace(/Ү/g, 'У')
    .replace(/ң/g, 'н');
}

export interface PlantedPerson {
  /** Index in the list; a father comes before his children. */
  index: number;
  name: string;
  sex: 'M' | 'F';
  birthYear: number | null;
  father: number | null;
  /** For a planted copy, the index of the person it copies. */
  copyOf: number | null;
}

export function plantedTree(seed = 7): { persons: PlantedPerson[]; truth: [number, number][] } {
  const random = mulberry32(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const persons: PlantedPerson[] = [];
  const add = (person: Omit<PlantedPerson, 'index'>) => {
    persons.push({ ...person, index: persons.length });
    return persons.length - 1;
  };
  const grow = (father: number, depth: number) => {
    const parent = persons[father];
    if (!parent || depth >= 6) return;
    const sons = depth === 0 ? 3 : Math.floor(random() * 3.6);
    const used = new Set<string>();
    for (let i = 0; i < sons; i++) {
      let name = pick(MALE);
      while (used.has(name)) name = pick(MALE);
      used.add(name);
      const son = add({
        name,
        sex: 'M',
        birthYear: (parent.birthYear ?? 1800) + 22 + Math.floor(random() * 14) + i * 3,
        father,
        copyOf: null,
      });
      grow(son, depth + 1);
    }
    if (random() < 0.3) {
      add({
        name: pick(FEMALE),
        sex: 'F',
        birthYear: (parent.birthYear ?? 1800) + 25 + Math.floor(random() * 10),
        father,
        copyOf: null,
      });
    }
  };
  for (const name of ['Багыш', 'Тагай', 'Мунгуш', 'Солто', 'Сарбагыш', 'Бугу']) {
    grow(add({ name, sex: 'M', birthYear: 1750, father: null, copyOf: null }), 0);
  }

  // The branches to copy: the grandsons of a founder with the largest lines below them, one
  // under each of two founders.
  const below = (index: number): number[] => {
    const out = [index];
    for (const person of persons) if (person.father === index) out.push(...below(person.index));
    return out;
  };
  const founderOf = (index: number): number => {
    let person = persons[index];
    while (person?.father !== null && person?.father !== undefined) person = persons[person.father];
    return person?.index ?? index;
  };
  const depthOf = (index: number): number => {
    const father = persons[index]?.father;
    return father === null || father === undefined ? 0 : depthOf(father) + 1;
  };
  const grandsons = persons
    .filter((p) => p.sex === 'M' && depthOf(p.index) === 2)
    .map((p) => ({ index: p.index, founder: founderOf(p.index), size: below(p.index).length }))
    .sort((x, y) => y.size - x.size);
  const tops = [grandsons[0], grandsons.find((g) => g.founder !== grandsons[0]?.founder)];
  const truth: [number, number][] = [];
  for (const top of tops) {
    if (!top) throw new Error('no branch to copy');
    copyBranch(top.index, below(top.index));
  }

  function copyBranch(topIndex: number, line: number[]) {
    const copyIndex = new Map<number, number>();
    for (const original of line) {
      const person = persons[original];
      if (!person) continue;
      const roll = random();
      const name =
        roll < 0.35
          ? latinOf(person.name)
          : roll < 0.65
            ? russianOf(person.name)
            : roll < 0.75 && person.name.length > 5
              ? person.name.slice(0, -2) + person.name.slice(-1)
              : person.name;
      const top = original === topIndex;
      const birthYear =
        person.birthYear === null || (!top && random() < 0.2)
          ? null
          : person.birthYear + Math.floor(random() * 5) - 2;
      const copy = add({
        name,
        sex: person.sex,
        birthYear,
        father: top ? null : (copyIndex.get(person.father ?? -1) ?? null),
        copyOf: original,
      });
      copyIndex.set(original, copy);
      truth.push([original, copy]);
    }
  }
  return { persons, truth };
}

/**
 * Writes the planted tree straight into the persons table (lineage paths and name keys as the
 * tree's writes keep them), far faster than one API call per person; answers the ids by index.
 */
export async function insertPlantedTree(
  app: App,
  persons: readonly PlantedPerson[],
  firstId = 100_000,
): Promise<number[]> {
  const rows = persons.map((person) => {
    const path: number[] = [];
    for (let f = person.father; f !== null; f = persons[f]?.father ?? null)
      path.unshift(firstId + f);
    const father = person.father === null ? null : persons[person.father];
    return {
      id: firstId + person.index,
      name: person.name,
      nameKey: foldName(person.name),
      fatherNameKey: father ? foldName(father.name) : null,
      sex: person.sex,
      fatherId: father ? firstId + father.index : null,
      path,
      depth: path.length,
      birthYear: person.birthYear,
    };
  });
  for (let i = 0; i < rows.length; i += 200) {
    await app.db.insert(personsTable).values(rows.slice(i, i + 200));
  }
  return rows.map((row) => row.id);
}
