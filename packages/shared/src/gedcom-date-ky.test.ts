import { describe, expect, it } from 'vitest';
import { parseGedcomDate } from './gedcom-date';
import { DATE_WORDS_KY, formatDateKy } from './gedcom-date-ky';

/** "value|phrase" → the parsed date. */
const read = (spec: string) => {
  const [value, phrase] = spec.split('|') as [string, string | undefined];
  return parseGedcomDate(value, phrase);
};

describe('formatDateKy', () => {
  it.each([
    ['12 MAR 1950', '12-март 1950-ж.'],
    ['MAR 1950', 'март 1950-ж.'],
    ['1950', '1950'],
    ['ABT 1850', 'болжол менен 1850'],
    ['EST 1850', 'болжолдуу 1850'],
    ['CAL 1850', 'эсептелген 1850'],
    ['BEF 1850', '1850-жылга чейин'],
    ['AFT 1850', '1850-жылдан кийин'],
    ['BET 1850 AND 1860', '1850–1860-жылдар аралыгында'],
    ['FROM 1850 TO 1860', '1850–1860'],
    ['FROM 1850', '1850-жылдан'],
    ['TO 1860', '1860-жылга чейин'],
    ['BEF 5 JAN 1850', '5-январь 1850-ж. чейин'],
    ['AFT DEC 1850', 'декабрь 1850-ж. кийин'],
    ['FROM MAY 1850', 'май 1850-ж. баштап'],
    ['BET MAR 1850 AND 1860', 'март 1850-ж. – 1860 аралыгында'],
    ['FROM 1 JUN 1850 TO 2 JUL 1860', '1-июнь 1850-ж. – 2-июль 1860-ж.'],
    ['44 B.C.', 'б.з.ч. 44'],
    ['15 MAR 44 B.C.', '15-март б.з.ч. 44-ж.'],
    ['1699/00', '1699/1700'],
    ['(Кытайдан көчкөндө)', 'Кытайдан көчкөндө'],
    ['INT 1850 (жазында)', '1850 (жазында)'],
    ['ABT 1850|Асан туулганда', 'болжол менен 1850 (Асан туулганда)'],
    ['@#DJULIAN@ 1 JAN 1700', '1-январь 1700-ж. (юлиан)'],
    ['@#DHEBREW@ 1 TSH 5760', '1-тишри 5760-ж. (еврей)'],
    ['@#DHEBREW@ ADS 5760', 'адар II 5760-ж. (еврей)'],
    ['@#DFRENCH R@ 18 BRUM 8', '18-брюмер 8-ж. (француз республикасы)'],
    ['ABT @#DJULIAN@ 1700', 'болжол менен 1700 (юлиан)'],
    ['FROM @#DJULIAN@ 1700 TO 1710', '1700 (юлиан) – 1710'],
    ['not a date', 'not a date'],
    ['', ''],
  ])('%j → %j', (spec, expected) => {
    expect(formatDateKy(read(spec))).toBe(expected);
  });
});

describe('DATE_WORDS_KY', () => {
  it('names every month of every calendar', () => {
    expect(DATE_WORDS_KY.months.gregorian).toHaveLength(12);
    expect(DATE_WORDS_KY.months.julian).toHaveLength(12);
    expect(DATE_WORDS_KY.months.hebrew).toHaveLength(13);
    expect(DATE_WORDS_KY.months.french_r).toHaveLength(13);
  });
});
