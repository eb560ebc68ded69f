import { gedcomMessages } from '@bagysh/shared';
import { GedcomError, type ImportReport } from '../read/report';
import { NO_YEAR, type Structure } from './structure';

/**
 * The lineage pass, between the two reads: each individual's father and mother by the birth
 * family, a loop through any parent failing the import; each one's depth and number of
 * descendants through fathers (the tree's `path`, `depth`, `descendant_count`); and the
 * individuals that look like one defined earlier in the file.
 */

/**
 * How many persons descend from each individual through fathers: the deepest first, each adds
 * itself and its own count to its father's (a counting sort by depth, linear in the file).
 */
export function countDescendants(father: Int32Array, depth: Int32Array): Int32Array {
  const n = father.length;
  let maxDepth = 0;
  for (let i = 0; i < n; i++) maxDepth = Math.max(maxDepth, depth[i] ?? 0);
  const starts = new Int32Array(maxDepth + 2);
  for (let i = 0; i < n; i++) starts[(depth[i] ?? 0) + 1] = (starts[(depth[i] ?? 0) + 1] ?? 0) + 1;
  for (let d = 1; d < starts.length; d++) starts[d] = (starts[d] ?? 0) + (starts[d - 1] ?? 0);
  const byDepth = new Int32Array(n);
  const next = starts.slice();
  for (let i = 0; i < n; i++) {
    const d = depth[i] ?? 0;
    byDepth[next[d] ?? 0] = i;
    next[d] = (next[d] ?? 0) + 1;
  }
  const count = new Int32Array(n);
  for (let k = n - 1; k >= 0; k--) {
    const i = byDepth[k] ?? 0;
    const f = father[i] ?? -1;
    if (f !== -1) count[f] = (count[f] ?? 0) + (count[i] ?? 0) + 1;
  }
  return count;
}

/** `@I5@ (12-сап)`, for messages; a record without xref by its line alone. */
function describeIndividual(s: Structure, index: number): string {
  const xref = s.indiIndex.xrefOf(index);
  const line = s.indiLine.get(index);
  return xref.startsWith('#') ? `INDI (${line}-сап)` : `${xref} (${line}-сап)`;
}

/**
 * Fails the import when someone is their own ancestor through any mix of fathers and mothers,
 * naming the persons of the loop. A depth-first walk up the parents with an explicit stack
 * (a million-person line would overflow the call stack).
 */
function assertNoCycle(s: Structure, father: Int32Array, mother: Int32Array): void {
  const n = father.length;
  // 0: not seen, 1: on the walk's path, 2: done (no loop above it).
  const state = new Uint8Array(n);
  // Which parent of each path node to look at next: 0 father, 1 mother, 2 none left.
  const nextParent = new Uint8Array(n);
  const path: number[] = [];
  for (let start = 0; start < n; start++) {
    if (state[start] !== 0) continue;
    path.push(start);
    state[start] = 1;
    while (path.length > 0) {
      const node = path[path.length - 1] ?? 0;
      const which = nextParent[node] ?? 2;
      if (which >= 2) {
        state[node] = 2;
        path.pop();
        continue;
      }
      nextParent[node] = which + 1;
      const parent = (which === 0 ? father[node] : mother[node]) ?? -1;
      if (parent === -1 || state[parent] === 2) continue;
      if (state[parent] === 1) {
        const loop = path.slice(path.indexOf(parent));
        const shown = loop.length > 8 ? [...loop.slice(0, 4), -1, ...loop.slice(-3)] : loop;
        const chain = [...shown, parent]
          .map((i) => (i === -1 ? '…' : describeIndividual(s, i)))
          .join(' → ');
        throw new GedcomError(gedcomMessages.cycle(chain));
      }
      state[parent] = 1;
      path.push(parent);
    }
  }
}

/**
 * The family whose husband and wife are an individual's lineage father and mother: its birth
 * FAMC, else (no FAMC at all) the first family listing it as CHIL.
 */
export function birthFamily(s: Structure, index: number): number {
  if (s.indiFamc.get(index) !== -1) return s.indiFamc.get(index);
  return s.indiNoBirthFamily.get(index) === 1 ? -1 : s.indiChildOf.get(index);
}

/** Fathers and mothers by index, and each individual's depth; a loop fails the import. */
export function resolveLineage(s: Structure) {
  const n = s.count;
  const father = new Int32Array(n).fill(-1);
  const mother = new Int32Array(n).fill(-1);
  for (let i = 0; i < n; i++) {
    if (s.indiDefined.get(i) !== 1) continue;
    const fam = birthFamily(s, i);
    if (fam === -1) continue;
    if (s.halfBirthRelation(fam, i, 'father') === 'birth') father[i] = s.famHusband.get(fam);
    if (s.halfBirthRelation(fam, i, 'mother') === 'birth') mother[i] = s.famWife.get(fam);
  }
  assertNoCycle(s, father, mother);
  const depth = new Int32Array(n).fill(-1);
  const chain: number[] = [];
  for (let i = 0; i < n; i++) {
    if (depth[i] !== -1) continue;
    chain.length = 0;
    let current = i;
    while (current !== -1 && depth[current] === -1) {
      chain.push(current);
      current = father[current] ?? -1;
    }
    let d = current === -1 ? -1 : (depth[current] ?? -1);
    for (let k = chain.length - 1; k >= 0; k--) {
      d += 1;
      depth[chain[k] ?? 0] = d;
    }
  }
  return { father, mother, depth };
}

/**
 * Individuals that look like another one defined earlier in the file (same name, birth year
 * and father's name): `firstOf[i]` is that one's index, or -1. Linear: a counting sort by name,
 * then a small map per group of equal names.
 */
export function findLookAlikes(s: Structure, father: Int32Array): Int32Array {
  const n = s.count;
  const firstOf = new Int32Array(n).fill(-1);
  const keys = s.keys.length;
  const start = new Int32Array(keys + 1);
  const candidate = (i: number) => s.indiDefined.get(i) === 1 && s.indiBirthYear.get(i) !== NO_YEAR;
  for (let i = 0; i < n; i++) {
    const k = s.indiNameKey.get(i) + 1;
    if (candidate(i)) start[k] = (start[k] ?? 0) + 1;
  }
  for (let k = 1; k <= keys; k++) start[k] = (start[k] ?? 0) + (start[k - 1] ?? 0);
  const order = new Int32Array(start[keys] ?? 0);
  const fill = start.slice();
  for (let i = 0; i < n; i++) {
    if (!candidate(i)) continue;
    const k = s.indiNameKey.get(i);
    order[fill[k] ?? 0] = i;
    fill[k] = (fill[k] ?? 0) + 1;
  }
  const earliest = new Map<number, number>();
  const keyOf = (i: number) => {
    const f = father[i] ?? -1;
    const fatherKey = f === -1 ? 0 : s.indiNameKey.get(f) + 1;
    return (s.indiBirthYear.get(i) + 4000) * 0x800000 + fatherKey;
  };
  for (let k = 0; k < keys; k++) {
    const from = start[k] ?? 0;
    const to = start[k + 1] ?? 0;
    if (to - from < 2) continue;
    earliest.clear();
    for (let j = from; j < to; j++) {
      const i = order[j] ?? 0;
      const key = keyOf(i);
      const seen = earliest.get(key);
      if (seen === undefined || s.indiLine.get(i) < s.indiLine.get(seen)) earliest.set(key, i);
    }
    for (let j = from; j < to; j++) {
      const i = order[j] ?? 0;
      const first = earliest.get(keyOf(i)) ?? i;
      if (first !== i) firstOf[i] = first;
    }
  }
  return firstOf;
}

/**
 * Pass 2's warnings about look-alikes (`findLookAlikes`): each individual that looks like one
 * defined earlier in the file is reported with that one's xref, learnt when pass 2 met it.
 */
export class LookAlikes {
  private readonly firstOf: Int32Array;
  private readonly firstXref = new Map<number, string>();

  constructor(
    private readonly s: Structure,
    father: Int32Array,
  ) {
    this.firstOf = findLookAlikes(s, father);
    for (const first of this.firstOf) if (first !== -1) this.firstXref.set(first, '');
  }

  /** An individual's record, in file order. */
  check(index: number, key: string, line: number, report: ImportReport): void {
    if (this.firstXref.has(index)) this.firstXref.set(index, key);
    const first = this.firstOf[index] ?? -1;
    if (first !== -1) {
      report.warn(
        line,
        key,
        'duplicatePerson',
        this.firstXref.get(first) ?? '?',
        this.s.indiLine.get(first),
      );
    }
  }
}
