import {
  TREE_CHECK_KINDS,
  type PageQuery,
  type TreeCheckItem,
  type TreeCheckKind,
  type TreeCheckSummary,
} from '@bagysh/shared';
import type { Db } from '../../db/client';
import { treeCheckCount, treeCheckCounts, treeCheckItems } from '../../genealogy/tree-checks';
import { pageWindow } from '../../lib/pagination';

/** The count of every kind of likely error, their sum and when they were counted. */
export async function treeCheckSummary(db: Db): Promise<TreeCheckSummary> {
  const { counts, at } = await treeCheckCounts(db);
  const total = TREE_CHECK_KINDS.reduce((sum, kind) => sum + counts[kind], 0);
  return { counts, total, computed_at: at.toISOString() };
}

/** One page of a kind's items and the kind's count. */
export async function treeCheckPage(
  db: Db,
  kind: TreeCheckKind,
  query: PageQuery,
): Promise<{ count: number; results: TreeCheckItem[] }> {
  const { count } = await treeCheckCount(db, kind);
  const results = await treeCheckItems(db, kind, pageWindow(query));
  return { count, results };
}
