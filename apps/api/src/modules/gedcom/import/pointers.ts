import type { GedcomExtraNode, GedcomExtraTarget } from '../../../db/schema';
import type { GedcomNode } from '../read/node';

/**
 * Pointers: a line's `@xref@`, and the pointers in what the import keeps as unknown data
 * (`extra`), which it gives the records they name by our ids once the record is mapped.
 */

/**
 * Whether a line holds a pointer (`@N1@`), as a NOTE's or SOUR's may instead of text; text that
 * reads like one once its `@@` are unescaped (5.5.1's `1 NOTE @@N1@@`) is text.
 */
export function isPointer(node: GedcomNode): boolean {
  return node.pointer === true;
}

/** A pointer's xref; null for no pointer, `@VOID@` (7.0's "none") included. */
export function pointer(value: string): string | null {
  const match = /^(@[^@\s]+@)$/.exec(value.trim());
  const xref = match?.[1] ?? null;
  return xref === '@VOID@' ? null : xref;
}

/**
 * A structure we do not model, for `extra`. A pointer gets `target: null` here and its line in
 * `lines`: the import (`KeptPointers.link`) then names the record it points to, which the
 * mapping cannot know.
 */
function toExtra(node: GedcomNode, lines: Map<GedcomExtraNode, number>): GedcomExtraNode {
  const kept: GedcomExtraNode = {
    tag: node.tag,
    value: node.value,
    children: node.children.map((c) => toExtra(c, lines)),
  };
  if (node.pointer) {
    // 7.0's @VOID@ stays a pointer to nothing.
    kept.target = null;
    if (pointer(node.value) !== null) lines.set(kept, node.line);
  }
  return kept;
}

/**
 * The pointers in the kept data of the record being mapped, with their lines for the import's
 * warnings (the stored rows hold no lines). One per import: `keep` is its MapContext's.
 */
export class KeptPointers {
  private readonly lines = new Map<GedcomExtraNode, number>();

  readonly keep = (node: GedcomNode): GedcomExtraNode => toExtra(node, this.lines);

  /** Whether the record kept a pointer (most records keep none): else nothing is to link. */
  get any(): boolean {
    return this.lines.size > 0;
  }

  /** Forgets the pointers kept so far, before the next record. */
  clear(): void {
    this.lines.clear();
  }

  /**
   * Gives every pointer in kept data its target, `find(xref)` (null: no record we keep;
   * `missed` is told with its line).
   */
  link(
    nodes: readonly GedcomExtraNode[] | null,
    find: (xref: string) => GedcomExtraTarget | null,
    missed: (node: GedcomExtraNode, line: number) => void,
  ): void {
    for (const node of nodes ?? []) {
      const line = this.lines.get(node);
      if (line !== undefined) {
        this.lines.delete(node);
        const xref = pointer(node.value);
        node.target = xref === null ? null : find(xref);
        if (node.target === null) missed(node, line);
      }
      if (node.children.length > 0) this.link(node.children, find, missed);
    }
  }
}
