import {
  personLabel,
  personLineage,
  yearsText,
  type RelationLink,
  type RelationStep,
} from '@bagysh/shared';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../config/paths';
import '../../../lib/i18n/areas/relations';
import { useScript } from '../../../lib/script';
import { relationLayout, type LayoutEdge } from '../lib/relation-layout';

/** Box and gap sizes of the drawn path, in px. */
const BOX = { width: 152, height: 80 } as const;

/** One line of a box, cut with an ellipsis (the whole label is the box's title). */
const oneLine = { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;
const GAP = { x: 64, y: 40 } as const;

const left = (column: number) => column * (BOX.width + GAP.x);
const top = (row: number) => row * (BOX.height + GAP.y);

/** A person of the path: name, father and grandfather (person-label.ts), years. */
function PersonBox({ step, end }: { step: RelationStep; end: boolean }) {
  const script = useScript();
  const years = yearsText(step.birth_year, step.death_year);
  const label = personLabel(step);
  const lineage = personLineage(step);
  return (
    <Box
      component={RouterLink}
      to={paths.person(step.id)}
      {...script.label(label)}
      title={label}
      data-path-person={step.id}
      sx={{
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'center',
        boxSizing: 'border-box',
        height: '100%',
        minHeight: BOX.height,
        textDecoration: 'none',
        color: 'text.primary',
        border: 2,
        borderColor: end ? 'primary.main' : 'divider',
        bgcolor: end ? 'action.selected' : 'background.paper',
        borderRadius: 1.5,
        px: 1,
        textAlign: 'center',
        '&:hover, &:focus-visible': { borderColor: 'primary.main' },
      }}
    >
      <Typography
        component="span"
        variant="body2"
        sx={{
          fontWeight: 600,
          lineHeight: 1.25,
          overflow: 'hidden',
          display: '-webkit-box',
          WebkitLineClamp: 1,
          WebkitBoxOrient: 'vertical',
          overflowWrap: 'anywhere',
        }}
      >
        {script.text(step.name)}
      </Typography>
      {lineage && (
        <Typography component="span" variant="caption" color="textSecondary" sx={oneLine}>
          {script.text(lineage)}
        </Typography>
      )}
      {years && (
        <Typography component="span" variant="caption" color="textSecondary">
          {years}
        </Typography>
      )}
    </Box>
  );
}

/** The word on a link: what the next person is to the previous one (ата, эне, уул, кыз …). */
function LinkLabel({ link }: { link: RelationLink }) {
  const { t } = useTranslation('relations');
  const script = useScript();
  return (
    <Typography
      component="span"
      variant="caption"
      data-link={link}
      sx={{
        px: 0.75,
        borderRadius: 1,
        bgcolor: 'background.paper',
        border: 1,
        borderColor: 'divider',
        color: 'text.secondary',
        whiteSpace: 'nowrap',
        lineHeight: 1.6,
      }}
    >
      {script.text(t(`link.${link}`))}
    </Typography>
  );
}

/** Where a link's line runs (SVG path data) and where its label sits (its centre). */
function edgeGeometry(
  edge: LayoutEdge,
  from: { column: number; row: number },
  to: { column: number; row: number },
) {
  const fromX = left(from.column) + BOX.width / 2;
  const toX = left(to.column) + BOX.width / 2;
  switch (edge.direction) {
    case 'up': {
      const y = top(to.row) + BOX.height;
      return { d: `M${toX},${y} V${top(from.row)}`, x: toX, y: y + GAP.y / 2 };
    }
    case 'down': {
      const y = top(from.row) + BOX.height;
      const middle = y + GAP.y / 2;
      return {
        d: `M${fromX},${y} V${middle} H${toX} V${top(to.row)}`,
        x: (fromX + toX) / 2,
        y: middle,
      };
    }
    case 'across': {
      const x = left(from.column) + BOX.width;
      const y = top(from.row) + BOX.height / 2;
      // Two thin lines: the genealogist's sign of a marriage.
      return {
        d: `M${x},${y - 2} H${x + GAP.x} M${x},${y + 2} H${x + GAP.x}`,
        x: x + GAP.x / 2,
        y,
      };
    }
  }
}

/**
 * One relation's path drawn as a small family tree: persons as boxes (links to their pages),
 * lines between them labelled with the link (A's line going up, then down to B; a marriage
 * across). Lines are SVG; boxes and labels are HTML, in path order, so the keyboard and
 * screen readers follow the path from A to B.
 */
export function RelationDiagram({ path }: { path: readonly RelationStep[] }) {
  const layout = relationLayout(path);
  const width = layout.columns * BOX.width + (layout.columns - 1) * GAP.x;
  const height = layout.rows * BOX.height + (layout.rows - 1) * GAP.y;
  const last = layout.cells.length - 1;
  const geometry = layout.edges.map((edge) => {
    const from = layout.cells[edge.from];
    const to = layout.cells[edge.to];
    return from && to ? edgeGeometry(edge, from, to) : null;
  });
  return (
    <Box sx={{ overflowX: 'auto', py: 1 }} data-testid="relation-diagram">
      <Box sx={{ position: 'relative', width, height, mx: 'auto' }}>
        <Box
          component="svg"
          aria-hidden="true"
          width={width}
          height={height}
          sx={{ position: 'absolute', inset: 0, color: 'divider' }}
        >
          {geometry.map((line, index) =>
            line ? (
              <path key={index} d={line.d} fill="none" stroke="currentColor" strokeWidth={2} />
            ) : null,
          )}
        </Box>
        {layout.cells.map((cell, index) => {
          const line = index > 0 ? geometry[index - 1] : null;
          return (
            <Box key={cell.step.id} sx={{ display: 'contents' }}>
              {line && cell.step.link && (
                <Box
                  sx={{
                    position: 'absolute',
                    left: line.x,
                    top: line.y,
                    transform: 'translate(-50%, -50%)',
                    display: 'flex',
                  }}
                >
                  <LinkLabel link={cell.step.link} />
                </Box>
              )}
              <Box
                sx={{
                  position: 'absolute',
                  left: left(cell.column),
                  top: top(cell.row),
                  width: BOX.width,
                  height: BOX.height,
                }}
              >
                <PersonBox step={cell.step} end={index === 0 || index === last} />
              </Box>
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}

/** The same path on a phone: a vertical list, A first, each step with its link word. */
export function RelationSteps({ path }: { path: readonly RelationStep[] }) {
  const last = path.length - 1;
  return (
    <Box
      component="ol"
      data-testid="relation-steps"
      sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexDirection: 'column' }}
    >
      {path.map((step, index) => (
        <Box
          component="li"
          key={step.id}
          sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center' }}
        >
          {index > 0 && step.link && (
            <Box
              sx={{
                display: 'flex',
                flexDirection: 'column',
                alignItems: 'center',
                '&::before, &::after': {
                  content: '""',
                  width: 2,
                  height: 8,
                  bgcolor: 'divider',
                },
              }}
            >
              <LinkLabel link={step.link} />
            </Box>
          )}
          <Box sx={{ width: '100%', maxWidth: 320 }}>
            <PersonBox step={step} end={index === 0 || index === last} />
          </Box>
        </Box>
      ))}
    </Box>
  );
}
