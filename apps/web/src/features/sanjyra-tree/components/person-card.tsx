import CloseIcon from '@mui/icons-material/Close';
import { Alert, Box, Button, IconButton, Popover, Stack, Typography } from '@mui/material';
import type { MouseEvent, ReactNode } from 'react';
import { formatYears } from '../../../lib/svg-chart/text';
import type { ChildrenEntry } from '../lib/tree-state';
import type { TreeLabels, TreeNodeData } from '../types';

export interface PersonCardProps {
  person: TreeNodeData;
  /** The male line above the person, from the topmost person drawn down to the father. */
  lineage: readonly TreeNodeData[];
  entry: ChildrenEntry | undefined;
  expanded: boolean;
  /** Resolved when the card opens: the node's element. */
  anchorEl: () => Element | null;
  href: string;
  labels: TreeLabels;
  renderText: (text: string) => ReactNode;
  onClose: () => void;
  onToggle: () => void;
  onOpenPerson?: (personId: number) => void;
}

/**
 * The small card a click on a person opens: who it is, their line, and a link to their page.
 * Visible text goes through `renderText` (runes in old_ky); accessible names stay Cyrillic.
 */
export function PersonCard({
  person,
  lineage,
  entry,
  expanded,
  anchorEl,
  href,
  labels,
  renderText,
  onClose,
  onToggle,
  onOpenPerson,
}: PersonCardProps) {
  const years = formatYears(person, labels.unknownYear);
  const patronymic = labels.patronymic?.(person) ?? '';
  const headingId = `sanjyra-card-${person.id}`;
  const loadedCount = entry?.status === 'loaded' ? entry.ids.length : undefined;
  const childCount = loadedCount ?? person.child_count;
  const counts = [
    childCount > 0 ? labels.childCount(childCount) : null,
    person.descendant_count ? labels.descendantCount(person.descendant_count) : null,
  ].filter(Boolean);

  let toggleLabel: string | null = null;
  if (entry?.status === 'partial') toggleLabel = labels.showAllChildren;
  else if (childCount > 0 && entry?.status !== 'error')
    toggleLabel = expanded ? labels.collapse : labels.expand;

  const handleOpen = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!onOpenPerson) return;
    // Let the browser handle new-tab and download clicks; a plain click goes through the router.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
      return;
    event.preventDefault();
    onOpenPerson(person.id);
  };

  return (
    <Popover
      open
      anchorEl={anchorEl}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      transformOrigin={{ vertical: 'top', horizontal: 'center' }}
      slotProps={{
        paper: {
          role: 'dialog',
          'aria-labelledby': headingId,
          sx: { width: 'min(340px, calc(100vw - 32px))', p: 2, mt: 1 },
        },
      }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography
            id={headingId}
            variant="h6"
            component="h2"
            aria-label={patronymic ? `${person.name} ${patronymic}` : person.name}
            sx={{ lineHeight: 1.3, overflowWrap: 'anywhere' }}
          >
            {renderText(person.name)}
          </Typography>
          {patronymic && (
            <Typography
              color="textSecondary"
              data-testid="card-patronymic"
              sx={{ overflowWrap: 'anywhere' }}
            >
              {renderText(patronymic)}
            </Typography>
          )}
          {years && <Typography color="textSecondary">{years}</Typography>}
        </Box>
        <IconButton
          aria-label={labels.close}
          onClick={onClose}
          size="small"
          sx={{ mt: -0.5, mr: -1 }}
        >
          <CloseIcon fontSize="small" />
        </IconButton>
      </Stack>
      {counts.length > 0 && (
        <Typography variant="body2" sx={{ mt: 1 }}>
          {renderText(counts.join(' · '))}
        </Typography>
      )}
      {lineage.length > 0 && (
        <Box sx={{ mt: 1.5 }}>
          <Typography variant="caption" color="textSecondary" component="div">
            {renderText(labels.lineage)}
          </Typography>
          <Box
            component="ol"
            aria-label={labels.lineage}
            sx={{
              m: 0,
              p: 0,
              listStyle: 'none',
              display: 'flex',
              flexWrap: 'wrap',
              columnGap: 0.75,
              typography: 'body2',
              '& li:not(:last-of-type)::after': {
                content: '"›"',
                ml: 0.75,
                color: 'text.secondary',
              },
            }}
          >
            {lineage.map((ancestor) => (
              <li key={ancestor.id} aria-label={ancestor.name}>
                {renderText(ancestor.name)}
              </li>
            ))}
          </Box>
        </Box>
      )}
      {entry?.status === 'error' && (
        <Alert
          severity="error"
          sx={{ mt: 1.5 }}
          action={
            <Button color="inherit" size="small" onClick={onToggle} aria-label={labels.retry}>
              {renderText(labels.retry)}
            </Button>
          }
        >
          {renderText(labels.loadError)}
        </Alert>
      )}
      <Stack direction="row" sx={{ mt: 2, gap: 1, flexWrap: 'wrap' }}>
        <Button
          variant="contained"
          href={href}
          onClick={handleOpen}
          aria-label={labels.openPerson}
          sx={{ minHeight: 44 }}
        >
          {renderText(labels.openPerson)}
        </Button>
        {toggleLabel && (
          <Button
            variant="outlined"
            onClick={onToggle}
            aria-label={toggleLabel}
            sx={{ minHeight: 44 }}
          >
            {renderText(toggleLabel)}
          </Button>
        )}
      </Stack>
    </Popover>
  );
}
