/**
 * Look-alike usernames (docs/security.md, Look-alike usernames). Two names that read the same
 * on screen — Latin "admin" and "аdmin" with a Cyrillic а, "aselbek0va" and "aselbekova" — have
 * the same skeleton: NFKC, lower case, then every confusable letter or digit mapped to one
 * representative. A new or renamed account whose skeleton is taken, or is that of a reserved
 * name, is refused.
 *
 * A small table of our own rather than Unicode's confusables.txt: usernames are Latin and
 * Cyrillic letters, digits and `_` only (auth.ts), and the full data would weigh on the
 * registration page for letters nobody can type there.
 */

/** Letter pairs read as one letter: replaced after the single letters. */
const SEQUENCES: readonly (readonly [string, string])[] = [
  ['rn', 'm'],
  ['vv', 'w'],
];

/**
 * Each group: characters (already lower-cased) that look alike, and the one they map to.
 * The Cyrillic lower-case letters whose capitals look Latin (в В, к К, м М, н Н, т Т) are
 * mapped too: names are compared case-insensitively, and "ВОТ" reads as "BOT".
 */
const GROUPS: readonly (readonly [string, string])[] = [
  ['aа', 'a'],
  ['bв', 'b'],
  ['cс', 'c'],
  ['dԁ', 'd'],
  ['eе', 'e'],
  ['hнһ', 'h'],
  // i, l, 1 and the Cyrillic і, ӏ are one stroke in most fonts.
  ['il1іӏ', 'l'],
  ['jј', 'j'],
  ['kк', 'k'],
  ['mм', 'm'],
  ['oо0', 'o'],
  ['pр', 'p'],
  ['sѕ', 's'],
  ['tт', 't'],
  ['xх', 'x'],
  // Not ү: a letter of its own in Kyrgyz names (Үсөн, Усөн), like ө and ң.
  ['yу', 'y'],
  ['3з', '3'],
  ['6б', '6'],
];

const MAP: ReadonlyMap<string, string> = new Map(
  GROUPS.flatMap(([letters, target]) => [...letters].map((letter) => [letter, target] as const)),
);

/**
 * The look-alike key of a username: equal for names that read the same, whatever their script
 * or letter case ("аdmin" with a Cyrillic а → "admln", like "Admin" and "adm1n").
 */
export function usernameSkeleton(name: string): string {
  let out = '';
  for (const char of name.normalize('NFKC').toLowerCase().trim()) out += MAP.get(char) ?? char;
  for (const [from, to] of SEQUENCES) out = out.split(from).join(to);
  return out;
}

/** Names no account may take, nor any name that looks like them (docs/security.md). */
export const RESERVED_USERNAMES: readonly string[] = [
  'admin',
  'administrator',
  'moderator',
  'root',
  'system',
  'support',
  'bagysh',
  'багыш',
];

const RESERVED_SKELETONS: ReadonlySet<string> = new Set(RESERVED_USERNAMES.map(usernameSkeleton));

/** True for a reserved name or one that looks like it, in any script or letter case. */
export function isReservedUsername(name: string): boolean {
  return RESERVED_SKELETONS.has(usernameSkeleton(name));
}
