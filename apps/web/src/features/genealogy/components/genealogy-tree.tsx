import { personLineage } from '@bagysh/shared';
import { useQueries } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCount } from '../../../lib/numbers';
import {
  fetchChildren,
  getAncestorsQueryOptions,
  getPersonQueryOptions,
  useTribeRoot,
} from '../api/tree-reads';
import { toTreeNode } from '../lib/format';

type TreeNode = ReturnType<typeof toTreeNode>;

/** The tree's start (the shape of the sanjyra-tree feature's `TreeInitialData`). */
export interface TreeStart {
  root: TreeNode;
  ancestors?: TreeNode[];
  focusId?: number;
}

export interface TreeStartState {
  initial: TreeStart | null;
  error: Error | null;
  /** No person at all in the tree. */
  empty: boolean;
  retry: () => void;
}

/**
 * Where the /search tree starts: the focused person under their ancestor chain, or the
 * tribe's root. Keeps the previous start while the next person loads, so a focus move that
 * the URL echoes back does not blink.
 */
export function useTreeStart(personId: number | null): TreeStartState {
  const [person, ancestors] = useQueries({
    queries: [
      { ...getPersonQueryOptions(personId ?? 0), enabled: personId !== null },
      { ...getAncestorsQueryOptions(personId ?? 0), enabled: personId !== null },
    ],
  });
  const root = useTribeRoot(personId === null);

  const next = useMemo<TreeStart | null>(() => {
    if (personId === null) return root.data ? { root: toTreeNode(root.data) } : null;
    if (!person.data || !ancestors.data) return null;
    const line = [...ancestors.data.results].reverse().map(toTreeNode);
    const top = line[0];
    if (!top) return { root: toTreeNode(person.data) };
    return { root: top, ancestors: line, focusId: person.data.id };
  }, [personId, root.data, person.data, ancestors.data]);

  const [last, setLast] = useState<TreeStart | null>(null);
  if (next && next !== last) setLast(next);
  const error = personId === null ? root.error : (person.error ?? ancestors.error);
  return {
    initial: next ?? (error ? null : last),
    error,
    empty: personId === null && root.isSuccess && !root.data,
    retry: () => {
      if (personId === null) void root.refetch();
      else {
        void person.refetch();
        void ancestors.refetch();
      }
    },
  };
}

/**
 * The tree's texts from the genealogy catalogue (the shape of the sanjyra-tree feature's
 * `TreeLabels`); the page passes them with the current script's `renderText`.
 */
export function useTreeLabels() {
  const { t: g } = useTranslation('genealogy');
  return useMemo(
    () => ({
      tree: g('tree.label'),
      keyboardHelp: g('tree.keyboardHelp'),
      toolbar: g('tree.toolbar'),
      downloadSvg: g('tree.downloadSvg'),
      downloadPng: g('tree.downloadPng'),
      print: g('tree.print'),
      zoomIn: g('tree.zoomIn'),
      zoomOut: g('tree.zoomOut'),
      resetView: g('tree.resetView'),
      childCount: (count: number) => g('tree.childCount', { n: formatCount(count) }),
      descendantCount: (count: number) => g('tree.descendantCount', { n: formatCount(count) }),
      expand: g('tree.expand'),
      collapse: g('tree.collapse'),
      showAllChildren: g('tree.showAllChildren'),
      loading: g('loading'),
      loadError: g('tree.loadError'),
      retry: g('retry'),
      openPerson: g('tree.openPerson'),
      lineage: g('tree.lineage'),
      close: g('tree.close'),
      exportError: g('tree.exportError'),
      unknownYear: g('tree.unknownYear'),
      patronymic: personLineage,
    }),
    [g],
  );
}

/** Children of a person as the tree draws them. */
export async function loadTreeChildren(id: number): Promise<TreeNode[]> {
  return (await fetchChildren(id)).map(toTreeNode);
}
