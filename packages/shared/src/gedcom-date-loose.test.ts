import { describe, expect, it } from 'vitest';
import { parseGedcomDate } from './gedcom-date';
import { formatDateKy } from './gedcom-date-ky';
import { readLooseDate } from './gedcom-date-loose';

describe('readLooseDate', () => {
  it.each([
    // What genealogy programs write beside the standard (Family Tree Maker, Ancestry, Legacy).
    ['ABT. 1890', 'ABT 1890'],
    ['Abt. 1890', 'ABT 1890'],
    ['about 1890', 'ABT 1890'],
    ['circa 1890', 'ABT 1890'],
    ['c. 1890', 'ABT 1890'],
    ['c.1890', 'ABT 1890'],
    ['ca 1890', 'ABT 1890'],
    ['~1890', 'ABT 1890'],
    ['BEF. 1900', 'BEF 1900'],
    ['before 1900', 'BEF 1900'],
    ['AFT. 12 MAR. 1900', 'AFT 12 MAR 1900'],
    ['est. 1890', 'EST 1890'],
    ['calc. 1890', 'CAL 1890'],
    ['BET. 1890 AND 1900', 'BET 1890 AND 1900'],
    ['between 1890 and 1900', 'BET 1890 AND 1900'],
    ['from 1900 to 1910', 'FROM 1900 TO 1910'],
    ['1890-1900', 'FROM 1890 TO 1900'],
    ['January 1960', 'JAN 1960'],
    ['12 March 1925', '12 MAR 1925'],
    ['March 12, 1925', '12 MAR 1925'],
    ['Sept. 3, 1925', '3 SEP 1925'],
    ['12th March 1925', '12 MAR 1925'],
    ['12-MAR-1925', '12 MAR 1925'],
    // Numbers: ISO, the dotted day-month-year of Russian and Kyrgyz programs, clear slashes.
    ['1895-03-12', '12 MAR 1895'],
    ['1895-03', 'MAR 1895'],
    ['12.03.1925', '12 MAR 1925'],
    ['03.1925', 'MAR 1925'],
    ['25/03/1925', '25 MAR 1925'],
    ['03/25/1925', '25 MAR 1925'],
    // Russian.
    ['12 марта 1925 г.', '12 MAR 1925'],
    ['около 1890 г.', 'ABT 1890'],
    ['до 1900', 'BEF 1900'],
    ['после 1900 года', 'AFT 1900'],
    ['между 1890 и 1900', 'BET 1890 AND 1900'],
    ['с 1900 по 1910', 'FROM 1900 TO 1910'],
    // Kyrgyz, as people write it.
    ['1925-жылы', '1925'],
    ['12-декабрь 1925-ж.', '12 DEC 1925'],
  ])('%j → %j', (written, gedcom) => {
    expect(readLooseDate(written)).toBe(gedcom);
  });

  it.each([
    // Day and month could be either way round: 12 March here, December 3 in American programs.
    '12/03/1925',
    // No such day.
    '31.02.1925',
    '30 FEB 1925',
    '1925?',
    '1900s',
    'жазында',
    'hello 1900',
    '',
  ])('leaves %j as text', (written) => {
    expect(readLooseDate(written)).toBeNull();
  });

  // A date the person page showed, typed back into the form, means the same date. "-жылга чейин"
  // is both BEF and TO there; it reads as BEF.
  it.each([
    '12 MAR 1950',
    'MAR 1950',
    'ABT 1850',
    'EST MAR 1850',
    'CAL 1850',
    'BEF 1850',
    'BEF 5 JAN 1850',
    'AFT 1850',
    'AFT DEC 1850',
    'FROM 1850',
    'FROM MAY 1850',
    'BET 1850 AND 1860',
    'BET MAR 1850 AND 1860',
    'FROM 1850 TO 1860',
    'FROM 1 JUN 1850 TO 2 JUL 1860',
    '44 B.C.',
  ])('reads the site’s Kyrgyz form of %j back', (gedcom) => {
    const shown = formatDateKy(parseGedcomDate(gedcom));
    expect(readLooseDate(shown), shown).toBe(gedcom);
  });
});
