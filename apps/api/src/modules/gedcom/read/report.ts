import {
  GEDCOM_WARNINGS_KEPT,
  gedcomWarnings,
  type GedcomWarning,
  type GedcomWarningKind,
} from '@bagysh/shared';
import { isUnknownTag, type GedcomNode } from './node';

/** A file that would give a wrong tree: the import refuses it with this message. */

export class GedcomError extends Error {
  override name = 'GedcomError';
}

const LINES_LISTED = 10;

interface Tally {
  count: number;
  lines: number[];
  record: string | null;
  kind: GedcomWarningKind;
  format: (count: number, lines: string) => string;
}

type WarningArgs<K extends GedcomWarningKind> = Parameters<(typeof gedcomWarnings)[K]>;

/**
 * What an import noticed, for the job's answer: the encoding and why, and warnings (line,
 * record, what was done). Repeated kinds (an unknown tag, a stray line) are tallied into one
 * entry with their count and first lines, so a file of 100 000 `_TAG` lines makes one entry.
 */
export class ImportReport {
  encoding: string | null = null;
  encodingReason: string | null = null;
  private readonly kept: GedcomWarning[] = [];
  private counted = 0;
  private readonly tallies = new Map<string, Tally>();

  /** One warning: `gedcomWarnings[kind]` with `args`. */
  warn<K extends GedcomWarningKind>(
    line: number | null,
    record: string | null,
    kind: K,
    ...args: WarningArgs<K>
  ): void {
    this.counted += 1;
    if (this.kept.length >= GEDCOM_WARNINGS_KEPT) return;
    const format = gedcomWarnings[kind] as (...values: WarningArgs<K>) => string;
    this.kept.push({ line, record, message: format(...args), kind });
  }

  /**
   * Counts one more warning under `key` (one kind, or one unknown tag); the entry is written by
   * `format(count, first lines)`.
   */
  tally(
    key: string,
    line: number,
    record: string | null,
    kind: GedcomWarningKind,
    format: (count: number, lines: string) => string,
  ): void {
    const tally = this.tallies.get(key);
    if (tally) {
      tally.count += 1;
      if (tally.lines.length < LINES_LISTED) tally.lines.push(line);
    } else {
      this.tallies.set(key, { count: 1, lines: [line], record, kind, format });
    }
  }

  /**
   * Takes back the reader's unknownTag count for every line of `node` and below: their data was
   * dropped after all (a family without a couple keeps none), which `familyDataDropped` says
   * instead of "kept for export". A line beyond the first ones listed lowers the count only.
   */
  unknownTagsDropped(node: GedcomNode): void {
    if (isUnknownTag(node.tag)) {
      const key = `tag:${node.tag}`;
      const tally = this.tallies.get(key);
      const at = tally ? tally.lines.indexOf(node.line) : -1;
      // A line not listed was counted only when the count goes beyond the lines listed.
      if (tally && (at !== -1 || tally.count > tally.lines.length)) {
        tally.count -= 1;
        if (at !== -1) tally.lines.splice(at, 1);
        if (tally.count === 0) this.tallies.delete(key);
      }
    }
    for (const c of node.children) this.unknownTagsDropped(c);
  }

  get warningsTotal(): number {
    return this.counted + this.tallies.size;
  }

  /** Every kept warning and tally, ordered by line. */
  warnings(): GedcomWarning[] {
    const tallied = [...this.tallies.values()].map((t) => {
      // Lines taken back (unknownTagsDropped) may leave none listed of a larger count.
      const listed = t.count > t.lines.length ? [...t.lines, '…'] : t.lines;
      return {
        line: t.lines[0] ?? null,
        record: t.record,
        message: t.format(t.count, listed.join(', ')),
        kind: t.kind,
      };
    });
    return [...tallied, ...this.kept]
      .sort((a, b) => (a.line ?? 0) - (b.line ?? 0))
      .slice(0, GEDCOM_WARNINGS_KEPT);
  }
}

// ---------------------------------------------------------------------------------------------
