import { memo, type ReactNode } from 'react';
import type { LayoutNode } from '@bagysh/shared';
import { accentPath, chartStyle } from '@bagysh/shared';
import { formatYears } from '../../../lib/svg-chart/text';
import { TREE_PHOTO } from '../lib/viewport';
import type { ChildrenEntry } from '../lib/tree-state';
import type { TreeLabels, TreeNodeData } from '../types';

export interface TreeNodeViewProps {
  node: LayoutNode;
  person: TreeNodeData;
  entry: ChildrenEntry | undefined;
  /** Some of its children are drawn. */
  expanded: boolean;
  focused: boolean;
  width: number;
  height: number;
  labels: TreeLabels;
  renderText: (text: string) => ReactNode;
  /** `renderText` as a string, for SVG text (which cannot hold HTML such as `<bdi>`). */
  plainText: (text: string) => string;
  /** The URL of a photo's thumbnail; without it no photos are drawn. */
  photoUrl?: (fileId: number) => string;
}

type ToggleKind =
  | { kind: 'none' }
  | { kind: 'collapsed'; more: number; partial?: boolean }
  | { kind: 'expanded' }
  | { kind: 'loading' }
  | { kind: 'error' };

function toggleKind(
  person: TreeNodeData,
  entry: ChildrenEntry | undefined,
  expanded: boolean,
): ToggleKind {
  switch (entry?.status) {
    case undefined:
      return person.child_count > 0
        ? { kind: 'collapsed', more: person.child_count }
        : { kind: 'none' };
    case 'loading':
      return { kind: 'loading' };
    case 'error':
      return { kind: 'error' };
    case 'partial':
      return {
        kind: 'collapsed',
        more: Math.max(1, person.child_count - entry.ids.length),
        partial: true,
      };
    case 'loaded':
      if (entry.ids.length === 0) return { kind: 'none' };
      return expanded ? { kind: 'expanded' } : { kind: 'collapsed', more: entry.ids.length };
  }
}

/**
 * One person: a treeitem with the name, years and descendant count, and under it the button that
 * shows or hides the children (a spinner while they load, "retry" when loading failed). Clicks
 * are handled by the tree through `data-node` / `data-toggle`.
 */
export const TreeNodeView = memo(function TreeNodeView({
  node,
  person,
  entry,
  expanded,
  focused,
  width,
  height,
  labels,
  renderText,
  plainText,
  photoUrl,
}: TreeNodeViewProps) {
  const years = formatYears(person, labels.unknownYear);
  // The name with the father and grandfather, which tell namesakes apart (as the card does).
  const patronymic = labels.patronymic?.(person) ?? '';
  const name = patronymic ? `${person.name} ${patronymic}` : person.name;
  const photo = photoUrl && person.photo_file_id ? photoUrl(person.photo_file_id) : null;
  const textX = photo ? 14 + TREE_PHOTO + 8 : 14;
  const toggle = toggleKind(person, entry, expanded);
  const canExpand = toggle.kind !== 'none';
  return (
    <>
      <g
        data-node={person.id}
        className={focused ? 'tree-node is-focused' : 'tree-node'}
        transform={`translate(${node.x - width / 2} ${node.y})`}
        role="treeitem"
        aria-level={node.depth + 1}
        aria-posinset={node.index + 1}
        aria-setsize={node.siblingCount}
        aria-selected={focused}
        aria-expanded={canExpand ? expanded : undefined}
        aria-busy={toggle.kind === 'loading' || undefined}
        // Everything the node shows, in its order, so the name holds its visible text (WCAG
        // 2.5.3); then the father and grandfather, which tell namesakes apart.
        aria-label={[
          person.name,
          years,
          person.descendant_count ? labels.descendantCount(person.descendant_count) : '',
          patronymic,
        ]
          .filter(Boolean)
          .join(', ')}
        tabIndex={focused ? 0 : -1}
      >
        <rect
          className="focus-ring"
          x={-5}
          y={-5}
          width={width + 10}
          height={height + 10}
          rx={14}
        />
        <rect className="frame" width={width} height={height} rx={chartStyle.radius} />
        <path d={accentPath(height)} fill={chartStyle.accent[person.sex]} />
        {photo && (
          <image
            href={photo}
            x={14}
            y={(height - TREE_PHOTO) / 2}
            width={TREE_PHOTO}
            height={TREE_PHOTO}
            preserveAspectRatio="xMidYMid slice"
            style={{ clipPath: 'inset(0 round 8px)' }}
          />
        )}
        <foreignObject
          x={textX}
          y={6}
          width={width - textX - 8}
          height={height - 12}
          aria-hidden="true"
        >
          {/* Spaces between the lines, so that their text reads as words, as the label does. */}
          <div className="tree-node-text">
            <div className="tree-node-name" title={[name, years].filter(Boolean).join(' ')}>
              {renderText(person.name)}
            </div>{' '}
            {/* Years are digits only: not through renderText, whose RTL wrapper reorders a range. */}
            {years && <div className="tree-node-meta">{years}</div>}{' '}
            {!!person.descendant_count && (
              <div className="tree-node-meta">
                {renderText(labels.descendantCount(person.descendant_count))}
              </div>
            )}
          </div>
        </foreignObject>
      </g>
      {/* Beside the treeitem, not in it: its "+3" is not part of the person's name. */}
      {canExpand && (
        <Toggle
          toggle={toggle}
          personId={person.id}
          x={node.x}
          y={node.y + height + chartStyle.toggleOffset}
          labels={labels}
          plainText={plainText}
        />
      )}
    </>
  );
});

function Toggle({
  toggle,
  personId,
  x,
  y,
  labels,
  plainText,
}: {
  toggle: ToggleKind;
  personId: number;
  x: number;
  y: number;
  labels: TreeLabels;
  plainText: (text: string) => string;
}) {
  const r = chartStyle.toggleRadius;
  let text = '';
  let title = labels.expand;
  if (toggle.kind === 'collapsed') {
    text = `+${toggle.more}`;
    if (toggle.partial) title = labels.showAllChildren;
  }
  if (toggle.kind === 'expanded') {
    text = '−';
    title = labels.collapse;
  }
  if (toggle.kind === 'error') {
    text = `↻ ${plainText(labels.retry)}`;
    title = labels.loadError;
  }
  if (toggle.kind === 'loading') title = labels.loading;
  // A pill wide enough for its text; about 7 px per character at 12 px.
  const pill = Math.max(2 * r, Array.from(text).length * 7 + 14);
  // At least 44 px on screen at the phone zoom (0.8); it reaches down, not up into the box.
  const hit = Math.max(56, pill + 12);
  return (
    <g
      data-toggle={personId}
      className={`tree-toggle is-${toggle.kind}`}
      transform={`translate(${x} ${y})`}
      aria-hidden="true"
    >
      <title>{title}</title>
      <rect className="tree-toggle-hit" x={-hit / 2} y={-24} width={hit} height={56} />
      <rect className="tree-toggle-pill" x={-pill / 2} y={-r} width={pill} height={2 * r} rx={r} />
      {toggle.kind === 'loading' ? (
        <circle className="tree-spinner" r={7} pathLength={100} />
      ) : (
        <text className="tree-toggle-text" textAnchor="middle" dy="0.35em">
          {text}
        </text>
      )}
    </g>
  );
}
