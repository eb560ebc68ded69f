import { toRunes, type PersonSummary } from '@bagysh/shared';
import { describe, expect, it } from 'vitest';
import {
  FAN_ANCESTORS,
  FAN_RINGS,
  fanLabel,
  fanRadiusFor,
  fanRelation,
  fanStep,
  layoutFan,
  ringRadii,
  shortName,
  type FanLayout,
} from './fan-layout';
import { buildFanSvg } from './fan-svg';

function person(id: number, fields: Partial<PersonSummary> = {}): PersonSummary {
  return {
    id,
    name: `Адам ${id}`,
    sex: 'M',
    father_id: null,
    mother_id: null,
    father_name: null,
    grandfather_name: null,
    birth_year: null,
    death_year: null,
    is_living: false,
    living: false,
    restricted: false,
    birth_order: null,
    generation: 1,
    child_count: 0,
    descendant_count: 0,
    ...fields,
  };
}

/**
 * Person 1 and `generations` of ancestors in heap order: the father of n is 2n, the mother
 * 2n + 1, so the person of ring g, place i (from the left) is 2^g + i.
 */
function pedigree(generations: number): Map<number, PersonSummary> {
  const all = new Map<number, PersonSummary>();
  const last = 2 ** (generations + 1) - 1;
  for (let id = 1; id <= last; id++) {
    const parents = 2 * id + 1 <= last;
    all.set(
      id,
      person(id, {
        sex: id === 1 || id % 2 === 0 ? 'M' : 'F',
        father_id: parents ? 2 * id : null,
        mother_id: parents ? 2 * id + 1 : null,
      }),
    );
  }
  return all;
}

const byKey = (layout: FanLayout, key: string) =>
  layout.segments.find((segment) => segment.key === key)!;

describe('the fan layout (жети ата)', () => {
  it('asks for six generations above the person: seven rings with them', () => {
    expect(FAN_RINGS).toBe(7);
    expect(FAN_ANCESTORS).toBe(6);
  });

  it('draws 127 segments for seven full generations, each ring halving the angles', () => {
    const layout = layoutFan(1, pedigree(6), 400);
    expect(layout.segments).toHaveLength(127);
    for (let generation = 0; generation < 7; generation++) {
      const ring = layout.segments.filter((segment) => segment.generation === generation);
      expect(ring).toHaveLength(2 ** generation);
      // From the left edge (π) to the right (0), without gaps, in equal parts.
      expect(ring[0]!.start).toBeCloseTo(Math.PI);
      expect(ring[ring.length - 1]!.end).toBeCloseTo(0);
      ring.forEach((segment, index) => {
        expect(segment.index).toBe(index);
        expect(segment.start - segment.end).toBeCloseTo(Math.PI / 2 ** generation);
        if (index > 0) expect(segment.start).toBeCloseTo(ring[index - 1]!.end);
        // Heap order: the father is left of the mother in every ring.
        expect(segment.person?.id).toBe(2 ** generation + index);
      });
    }
  });

  it('still draws 127 segments, empty, when nobody is known above the person', () => {
    const layout = layoutFan(1, new Map([[1, person(1)]]), 400);
    expect(layout.segments).toHaveLength(127);
    expect(layout.segments.filter((segment) => segment.person !== null)).toHaveLength(1);
    // A tree deeper than жети ата: the eighth generation is not drawn.
    const deep = layoutFan(1, pedigree(8), 400);
    expect(deep.segments).toHaveLength(127);
    expect(Math.max(...deep.segments.map((segment) => segment.person!.id))).toBe(127);
  });

  it('puts each ancestor in the segment of their way from the person', () => {
    const persons = new Map(
      [
        person(10, { father_id: 20, mother_id: 30 }),
        person(20, { father_id: 40, mother_id: 50 }),
        person(30, { sex: 'F', father_id: 60 }),
        person(40),
        person(50, { sex: 'F' }),
        person(60),
      ].map((p) => [p.id, p]),
    );
    const layout = layoutFan(10, persons, 400);
    const at = (key: string) => byKey(layout, key);
    expect(at('').person?.id).toBe(10);
    expect([at('f').person?.id, at('m').person?.id]).toEqual([20, 30]);
    expect(['ff', 'fm', 'mf', 'mm'].map((key) => at(key).person?.id ?? null)).toEqual([
      40,
      50,
      60,
      null,
    ]);
    // The father's side is the left half, the mother's the right.
    expect([at('f').start, at('f').end]).toEqual([Math.PI, Math.PI / 2]);
    expect(at('m').end).toBeCloseTo(0);
    expect(at('mf').index).toBe(2);
    expect(at('mf').generation).toBe(2);
    // The кан line: father, his father… never a mother or a mother's father.
    expect(layout.segments.filter((s) => s.kan).map((s) => s.key)).toEqual([
      'f',
      'ff',
      'fff',
      'ffff',
      'fffff',
      'ffffff',
    ]);
  });

  it('gives each ring its radii: the centre readable on a phone, the outer ring at the radius', () => {
    for (const radius of [180, 400, 560]) {
      const radii = ringRadii(radius);
      expect(radii).toHaveLength(7);
      expect(radii[0]).toBeGreaterThanOrEqual(48);
      expect(radii[6]).toBe(radius);
      for (let i = 1; i < 7; i++) expect(radii[i]).toBeGreaterThan(radii[i - 1]!);
    }
    const layout = layoutFan(1, pedigree(6), 400);
    expect(byKey(layout, '').inner).toBe(0);
    expect(byKey(layout, 'ff').inner).toBe(byKey(layout, 'f').outer);
    expect(layout.box).toEqual({ x: -406, y: -406, width: 812, height: 412 });
    // A 390 px phone's frame (372 px inside the page's padding) and a desktop's.
    expect(fanRadiusFor(372)).toBe(180);
    expect(fanRadiusFor(1392)).toBe(560);
  });

  it('draws a segment as an annulus sector, and the centre as a half disc', () => {
    const layout = layoutFan(1, pedigree(1), 400);
    const [centre, ring1] = ringRadii(400).map((r) => Math.round(r * 10) / 10);
    expect(byKey(layout, '').d).toBe(`M-${centre} 0A${centre} ${centre} 0 0 1 ${centre} 0Z`);
    expect(byKey(layout, 'f').d).toBe(
      `M-${ring1} 0A${ring1} ${ring1} 0 0 1 0 -${ring1}` +
        `L0 -${centre}A${centre} ${centre} 0 0 0 -${centre} 0Z`,
    );
  });
});

describe('moving between segments with the arrows', () => {
  const persons = new Map(
    [
      person(1, { father_id: 2, mother_id: 3 }),
      person(2, { mother_id: 5 }),
      person(3, { sex: 'F', father_id: 6, mother_id: 7 }),
      person(5, { sex: 'F' }),
      person(6),
      person(7, { sex: 'F' }),
    ].map((p) => [p.id, p]),
  );
  const layout = layoutFan(1, persons, 400);
  const step = (key: string, move: Parameters<typeof fanStep>[2]) =>
    fanStep(layout, key, move)?.key;

  it('goes out to the father, or the mother when he is unknown, and back in', () => {
    expect(step('', 'out')).toBe('f');
    expect(step('f', 'out')).toBe('fm');
    expect(step('fm', 'out')).toBeUndefined();
    expect(step('mf', 'in')).toBe('m');
    expect(step('', 'in')).toBeUndefined();
  });

  it('goes along a ring to the nearest known person, stopping at its ends', () => {
    expect(step('fm', 'right')).toBe('mf');
    expect(step('mf', 'left')).toBe('fm');
    expect(step('mm', 'right')).toBeUndefined();
    expect(step('fm', 'left')).toBeUndefined();
    expect(step('f', 'right')).toBe('m');
  });
});

describe('what an ancestor is to the person', () => {
  it('names them by the kinship namer, with the possessive', () => {
    expect(fanRelation('', 'M')).toBe('');
    expect(fanRelation('f', 'M')).toBe('атасы');
    expect(fanRelation('m', 'F')).toBe('энеси');
    expect(fanRelation('ff', 'M')).toBe('чоң атасы');
    expect(fanRelation('fm', 'M')).toBe('чоң энеси');
    expect(fanRelation('mf', 'M')).toBe('тай атасы');
    expect(fanRelation('mm', 'M')).toBe('тай энеси');
    expect(fanRelation('fff', 'M')).toBe('бабасы');
    expect(fanRelation('ffff', 'M')).toBe('бубасы');
    expect(fanRelation('ffffff', 'M')).toBe('6-атасы');
    // Beyond the named words through a mother: described step by step.
    expect(fanRelation('mff', 'M')).toBe('тай атасынын атасы');
  });
});

describe('the labels', () => {
  it('shortens a name: whole, the first word, cut, then the initial; runes by code point', () => {
    expect(shortName('Асан Үсөн уулу', 20)).toBe('Асан Үсөн уулу');
    expect(shortName('Асан Үсөн уулу', 6)).toBe('Асан');
    expect(shortName('Төрөгелди', 6)).toBe('Төрөг…');
    expect(shortName('Төрөгелди', 3)).toBe('Т.');
    expect(shortName('Төрөгелди', 1)).toBe('Т');
    expect(shortName('Төрөгелди', 0)).toBe('');
    const runes = toRunes('Төрөгелди');
    expect(Array.from(shortName(runes, 2))).toEqual([Array.from(runes)[0], '.']);
  });

  it('writes the inner rings along the arc at 12 px or more, on a phone too', () => {
    const layout = layoutFan(1, pedigree(6), fanRadiusFor(372));
    for (const segment of layout.segments.filter((s) => s.generation <= 3)) {
      const lines = fanLabel(segment, 'Жаныбек', '1850–1920');
      expect(lines.length).toBeGreaterThan(0);
      for (const line of lines) expect(line.size).toBeGreaterThanOrEqual(12);
      expect(lines.every((line) => (segment.generation === 0) === (line.arc === undefined))).toBe(
        true,
      );
    }
    // The person's name comes whole before the years; the father's fits his ring whole.
    expect(fanLabel(byKey(layout, ''), 'Бектур', '1914–1995').map((l) => l.text)).toEqual([
      'Бектур',
    ]);
    expect(fanLabel(byKey(layout, 'f'), 'Жаныбек', '1850–1920')[0]!.text).toBe('Жаныбек');
  });

  it('writes the outer rings along the radius, never upside down, initials where narrow', () => {
    const phone = layoutFan(1, pedigree(6), fanRadiusFor(372));
    for (const segment of phone.segments.filter((s) => s.generation >= 4)) {
      const [name] = fanLabel(segment, 'Төрөгелди', '1800–1870');
      expect(name!.arc).toBeUndefined();
      expect(Math.abs(name!.rotate)).toBeLessThanOrEqual(90);
    }
    const outer = fanLabel(byKey(phone, 'ffffff'), 'Төрөгелди', '1800–1870');
    expect(outer.map((line) => line.text)).toEqual(['Т.']);
    // A desktop's fan has room for the name and the years in the fourth ring.
    const desktop = layoutFan(1, pedigree(6), 560);
    expect(fanLabel(byKey(desktop, 'ffff'), 'Жаныбек', '1800–1870').map((l) => l.text)).toEqual([
      'Жаныбек',
      '1800–1870',
    ]);
    // On the right half the text reads outwards, on the left half inwards.
    expect(fanLabel(byKey(desktop, 'mmmm'), 'Асан', '')[0]!.rotate).toBeLessThan(0);
    expect(fanLabel(byKey(desktop, 'ffff'), 'Асан', '')[0]!.rotate).toBeGreaterThan(0);
  });
});

describe('the fan as a file', () => {
  it('is a standalone SVG with every known person titled, labels in runes, the rune font inside', () => {
    const layout = layoutFan(1, pedigree(6), 640);
    const { svg, width, height } = buildFanSvg({
      layout,
      title: 'Жети ата диаграммасы',
      legend: 'Кан жолу',
      unknownYear: '?',
      text: toRunes,
      runeFont: 'data:font/woff2;base64,AAAA',
    });
    const doc = new DOMParser().parseFromString(svg, 'image/svg+xml');
    expect(doc.querySelector('parsererror')).toBeNull();
    expect([width, height]).toEqual([1292, 652 + 28]);
    expect(doc.querySelectorAll('path > title')).toHaveLength(127);
    expect(doc.querySelector('path > title')!.textContent).toBe('Адам 1');
    expect(svg).toContain("font-family:'Noto Sans Old Turkic'");
    const labels = [...doc.querySelectorAll('text')].map((text) => text.textContent ?? '');
    expect(labels.some((text) => text.includes(toRunes('Адам')))).toBe(true);
    expect(labels.some((text) => /[а-я]/i.test(text))).toBe(false);
    // Every arc a label runs along is there once.
    const ids = [...doc.querySelectorAll('textPath')].map((p) => p.getAttribute('href')!.slice(1));
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(doc.getElementById(id)).not.toBeNull();
  });
});
