import { personLabel, type ChainPerson, type Comparison, type SearchResult } from '@bagysh/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PersonLabel } from '../../../components/person-label';
import { paths } from '../../../config/paths';
import { useScript } from '../../../lib/script';
import { useComparison, usePerson } from '../api/genealogy-api';
import { PersonSearch } from './person-search';
import { RelationList } from './relation-list';

/** The picker's chosen value for the person of the URL (a person or a chain link). */
function asChoice(
  person:
    | Pick<
        SearchResult,
        | 'id'
        | 'name'
        | 'sex'
        | 'father_name'
        | 'grandfather_name'
        | 'birth_year'
        | 'death_year'
        | 'generation'
      >
    | undefined,
): SearchResult | null {
  if (!person) return null;
  const { id, name, sex, father_name, grandfather_name, birth_year, death_year } = person;
  return {
    id,
    name,
    sex,
    father_name,
    grandfather_name,
    birth_year,
    death_year,
    generation: person.generation,
    lineage: [father_name, grandfather_name].filter((part): part is string => part !== null),
  };
}

export interface ComparisonViewProps {
  a: number | null;
  b: number | null;
  onChange: (next: { a: number | null; b: number | null }) => void;
}

/** The ids of the path the present diagram draws, A … the common ancestor … B. */
function drawnPath(result: Comparison): number[] | null {
  if (!result.common_ancestor) return null;
  return [
    ...result.chain_a.map((person) => person.id),
    ...result.chain_b
      .slice(0, -1)
      .reverse()
      .map((person) => person.id),
  ];
}

/**
 * Салыштыруу: two pickers and how B is related to A: the closest blood relation with both lines
 * up to their meeting, then every other relation found (by any path, through marriages too).
 */
export function ComparisonView({ a, b, onChange }: ComparisonViewProps) {
  const { t } = useTranslation('genealogy');
  const script = useScript();
  const personA = usePerson(a);
  const personB = usePerson(b);
  const comparison = useComparison(a, b);

  return (
    <Stack spacing={3} sx={{ mt: 2 }}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <PersonSearch
          id="compare-a"
          label={t('comparison.first')}
          value={asChoice(personA.data)}
          onSelect={(person) => onChange({ a: person.id, b })}
        />
        <PersonSearch
          id="compare-b"
          label={t('comparison.second')}
          value={asChoice(personB.data)}
          onSelect={(person) => onChange({ a, b: person.id })}
        />
      </Box>
      {a === null || b === null ? (
        <Typography color="textSecondary">{script.text(t('comparison.pickTwo'))}</Typography>
      ) : comparison.isPending ? (
        <Skeleton variant="rounded" height={240} role="status" aria-label={t('loading')} />
      ) : comparison.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" onClick={() => void comparison.refetch()}>
              {script.text(t('retry'))}
            </Button>
          }
        >
          {script.text(comparison.error.message)}
        </Alert>
      ) : (
        <>
          <ComparisonResult result={comparison.data} />
          <RelationList
            key={`${a}-${b}`}
            a={a}
            b={b}
            shown={drawnPath(comparison.data)}
            first={comparison.data.relations}
          />
        </>
      )}
    </Stack>
  );
}

function ComparisonResult({ result }: { result: Comparison }) {
  const { t } = useTranslation('genealogy');
  const script = useScript();
  if (!result.common_ancestor) {
    return (
      <Alert severity="info" data-testid="no-common-ancestor">
        {script.text(t('comparison.noCommon', { a: result.a.name, b: result.b.name }))}
      </Alert>
    );
  }
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }} data-testid="comparison-result">
      <Typography variant="h5" component="h2" data-testid="kinship-sentence">
        {script.text(result.sentence ?? '')}
      </Typography>
      {result.sentence_reverse && (
        <Typography color="textSecondary" sx={{ mt: 0.5 }}>
          {script.text(result.sentence_reverse)}
        </Typography>
      )}
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mt: 2 }}>
        {result.jeti_ata ? (
          <Chip
            color="warning"
            label={script.text(t('comparison.jetiAta'))}
            data-testid="jeti-ata"
            // The whole sentence matters: it wraps on a phone rather than being cut.
            sx={{ height: 'auto', py: 0.5, '& .MuiChip-label': { whiteSpace: 'normal' } }}
          />
        ) : (
          <Chip variant="outlined" label={script.text(t('comparison.notJetiAta'))} />
        )}
        {result.via_mother && (
          <Chip variant="outlined" label={script.text(t('comparison.viaMother'))} />
        )}
      </Stack>
      <Box
        component="dl"
        sx={{
          mt: 2,
          mb: 0,
          display: 'grid',
          gridTemplateColumns: 'auto 1fr',
          columnGap: 2,
          rowGap: 0.5,
        }}
      >
        <Typography component="dt" color="textSecondary">
          {script.text(t('comparison.commonAncestor'))}
        </Typography>
        <Box component="dd" sx={{ m: 0 }}>
          <Link
            component={RouterLink}
            to={paths.person(result.common_ancestor.id)}
            {...script.label(result.common_ancestor.name)}
          >
            {script.text(result.common_ancestor.name)}
          </Link>
        </Box>
        <Typography component="dt" color="textSecondary">
          {script.text(t('comparison.generations'))}
        </Typography>
        <Box component="dd" sx={{ m: 0 }}>
          {script.text(
            t('comparison.generationsValue', {
              a: result.a.name,
              na: result.generations_a ?? 0,
              b: result.b.name,
              nb: result.generations_b ?? 0,
            }),
          )}
        </Box>
      </Box>
      <ComparisonDiagram result={result} />
    </Paper>
  );
}

function ChainBox({ person, highlight }: { person: ChainPerson; highlight?: boolean }) {
  const script = useScript();
  return (
    <Box
      component={RouterLink}
      to={paths.person(person.id)}
      {...script.label(personLabel(person))}
      data-chain-person={person.id}
      sx={{
        display: 'block',
        textDecoration: 'none',
        color: 'text.primary',
        border: 2,
        borderColor: highlight ? 'primary.main' : 'divider',
        bgcolor: highlight ? 'action.selected' : 'background.paper',
        borderRadius: 1.5,
        px: 1.5,
        py: 0.75,
        textAlign: 'center',
        minWidth: 0,
        width: '100%',
        maxWidth: 240,
        '&:hover, &:focus-visible': { borderColor: 'primary.main' },
      }}
    >
      <PersonLabel person={person} nameSx={{ fontWeight: 600, display: 'block' }} />
    </Box>
  );
}

const connector = {
  width: 2,
  height: 18,
  bgcolor: 'divider',
  mx: 'auto',
} as const;

/** Both lines meeting at the common ancestor: the ancestor on top, A's line left, B's right. */
export function ComparisonDiagram({ result }: { result: Comparison }) {
  const { t } = useTranslation('genealogy');
  const ancestor = result.chain_a.at(-1) ?? result.chain_b.at(-1);
  if (!ancestor) return null;
  // Below the ancestor, top to bottom: the ancestor's child … A (B).
  const lineA = result.chain_a.slice(0, -1).reverse();
  const lineB = result.chain_b.slice(0, -1).reverse();
  const column = (line: ChainPerson[], end: number, testId: string) => (
    <Stack sx={{ alignItems: 'center', minWidth: 0 }} data-testid={testId}>
      {line.map((person) => (
        <Stack key={person.id} sx={{ alignItems: 'center', width: '100%' }}>
          <Box sx={connector} />
          <ChainBox person={person} highlight={person.id === end} />
        </Stack>
      ))}
    </Stack>
  );
  return (
    // A group, not an img: an img's children are hidden from screen readers, and these are links.
    <Box
      role="group"
      aria-label={t('comparison.diagram')}
      data-testid="comparison-diagram"
      sx={{ mt: 3, overflowX: 'auto' }}
    >
      <Stack sx={{ alignItems: 'center' }}>
        <ChainBox person={ancestor} highlight />
        {(lineA.length > 0 || lineB.length > 0) && <Box sx={connector} />}
      </Stack>
      {lineA.length > 0 || lineB.length > 0 ? (
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: lineA.length && lineB.length ? '1fr 1fr' : '1fr',
            gap: 2,
            mt: 0,
            position: 'relative',
            '&::before':
              lineA.length && lineB.length
                ? {
                    content: '""',
                    position: 'absolute',
                    top: 0,
                    left: '25%',
                    right: '25%',
                    borderTop: 2,
                    borderColor: 'divider',
                  }
                : undefined,
          }}
        >
          {lineA.length > 0 && column(lineA, result.a.id, 'chain-a')}
          {lineB.length > 0 && column(lineB, result.b.id, 'chain-b')}
        </Box>
      ) : null}
    </Box>
  );
}
