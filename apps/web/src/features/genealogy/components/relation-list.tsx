import { MAX_RELATIONS, type Relation } from '@bagysh/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../../../lib/i18n/areas/relations';
import { useScript } from '../../../lib/script';
import { useRelations } from '../api/genealogy-api';
import { RelationDiagram, RelationSteps } from './relation-diagram';

/** How many more relations one "show more" asks for. */
const PAGE = 10;

const samePath = (relation: Relation, ids: readonly number[]) =>
  relation.path.length === ids.length && relation.path.every((step, i) => step.id === ids[i]);

export interface RelationListProps {
  a: number;
  b: number;
  /** The path already drawn above (the closest blood relation), A … B; it is not repeated. */
  shown: readonly number[] | null;
  /** The first few relations, which the comparison brought: shown until the list comes. */
  first?: readonly Relation[];
}

/** Every other relation of A and B, each with its path, terms both ways and its sentence. */
export function RelationList({ a, b, shown, first }: RelationListProps) {
  const { t } = useTranslation(['relations', 'genealogy']);
  const script = useScript();
  const [max, setMax] = useState(PAGE);
  const query = useRelations(a, b, max, first);
  const items = useRef<HTMLOListElement>(null);
  const focusFrom = useRef<number | null>(null);

  const relations = (query.data?.relations ?? []).filter(
    (relation) => !shown || !samePath(relation, shown),
  );
  const loadingMore = query.isFetching && query.isPlaceholderData;

  // After "show more", the keyboard moves on to the first relation that came in.
  useEffect(() => {
    const from = focusFrom.current;
    if (from === null || loadingMore) return;
    focusFrom.current = null;
    items.current?.querySelectorAll<HTMLElement>('[data-relation]')[from]?.focus();
  }, [loadingMore, relations.length]);

  const heading = (
    <Typography variant="h6" component="h2">
      {script.text(t(shown ? 'others' : 'all'))}
    </Typography>
  );

  // Still waiting: nothing yet, or only the comparison's first few, none of them new here.
  if (query.isPending || (query.isPlaceholderData && relations.length === 0)) {
    return (
      <Stack spacing={2}>
        {heading}
        <Skeleton
          variant="rounded"
          height={200}
          role="status"
          aria-label={t('genealogy:loading')}
        />
      </Stack>
    );
  }
  if (query.isError) {
    return (
      <Stack spacing={2}>
        {heading}
        <Alert
          severity="error"
          data-testid="relations-error"
          action={
            <Button color="inherit" onClick={() => void query.refetch()}>
              {script.text(t('genealogy:retry'))}
            </Button>
          }
        >
          {script.text(query.error.message)}
        </Alert>
      </Stack>
    );
  }
  if (relations.length === 0) {
    return (
      <Stack spacing={2}>
        {heading}
        <Alert severity="info" data-testid="relations-empty">
          {script.text(t(shown ? 'noOthers' : 'none'))}
        </Alert>
      </Stack>
    );
  }
  return (
    <Stack spacing={2} component="section" aria-label={t(shown ? 'others' : 'all')}>
      {heading}
      <Stack component="ol" ref={items} spacing={2} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {relations.map((relation) => (
          <li key={relation.path.map((step) => step.id).join('-')}>
            <RelationCard relation={relation} />
          </li>
        ))}
      </Stack>
      {query.data.truncated && max < MAX_RELATIONS && (
        <Box>
          <Button
            variant="outlined"
            disabled={loadingMore}
            data-testid="relations-more"
            onClick={() => {
              focusFrom.current = relations.length;
              setMax((current) => Math.min(current + PAGE, MAX_RELATIONS));
            }}
          >
            {script.text(t(loadingMore ? 'genealogy:loading' : 'more'))}
          </Button>
        </Box>
      )}
    </Stack>
  );
}

/** One relation: the sentence to read aloud, its kind, the terms both ways, the path. */
export function RelationCard({ relation }: { relation: Relation }) {
  const { t } = useTranslation(['relations', 'genealogy']);
  const script = useScript();
  const a = relation.path[0];
  const b = relation.path.at(-1);
  if (!a || !b) return null;
  const term = (value: string, testId: string) => (
    <Box component="dd" sx={{ m: 0 }}>
      <Box component="span" sx={{ fontWeight: 600 }} data-testid={testId}>
        {script.text(value)}
      </Box>
      {relation.unverified && (
        <Box
          component="span"
          role="img"
          aria-label={t('unverified')}
          title={t('unverified')}
          sx={{ ml: 0.75, color: 'warning.dark' }}
        >
          ⚠
        </Box>
      )}
    </Box>
  );
  return (
    <Paper
      variant="outlined"
      tabIndex={-1}
      data-relation={relation.kind}
      sx={{ p: { xs: 2, md: 3 }, '&:focus-visible': { outline: 2, outlineColor: 'primary.main' } }}
    >
      <Typography variant="h6" component="h3" data-testid="relation-sentence">
        {script.text(relation.sentence)}
      </Typography>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mt: 1.5 }}>
        {relation.kind === 'marriage' ? (
          <Chip
            color="secondary"
            variant="outlined"
            data-testid="relation-marriage"
            label={script.text(
              relation.marriages > 1 ? t('marriages', { n: relation.marriages }) : t('marriage'),
            )}
          />
        ) : (
          <Chip variant="outlined" label={script.text(t('blood'))} />
        )}
        {relation.jeti_ata && (
          <Chip
            color="warning"
            label={script.text(t('genealogy:comparison.jetiAta'))}
            sx={{ height: 'auto', py: 0.5, '& .MuiChip-label': { whiteSpace: 'normal' } }}
          />
        )}
      </Stack>
      <Box
        component="dl"
        sx={{
          mt: 2,
          mb: 0,
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: 'auto 1fr' },
          columnGap: 2,
          rowGap: 0.5,
        }}
      >
        <Typography component="dt" color="textSecondary">
          {script.text(t('termFor', { who: b.name, whom: a.name }))}
        </Typography>
        {term(relation.term, 'relation-term')}
        <Typography component="dt" color="textSecondary">
          {script.text(t('termFor', { who: a.name, whom: b.name }))}
        </Typography>
        {term(relation.term_reverse, 'relation-term-reverse')}
        {relation.unverified && (
          <>
            <Typography component="dt" color="textSecondary">
              {script.text(t('descriptive'))}
            </Typography>
            <Box component="dd" sx={{ m: 0 }} data-testid="relation-descriptive">
              {script.text(relation.descriptive)}
            </Box>
          </>
        )}
      </Box>
      <Box role="group" aria-label={t('path', { a: a.name, b: b.name })} sx={{ mt: 2 }}>
        <Box sx={{ display: { xs: 'none', sm: 'block' } }}>
          <RelationDiagram path={relation.path} />
        </Box>
        <Box sx={{ display: { xs: 'block', sm: 'none' } }}>
          <RelationSteps path={relation.path} />
        </Box>
      </Box>
    </Paper>
  );
}
