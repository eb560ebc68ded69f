import {
  GEDCOM_MATCH_AUTO,
  type DuplicateReason,
  type GedcomMatch,
  type GedcomMatchChoice,
} from '@bagysh/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PersonLabel } from '../../../components/person-label';
import { useScript } from '../../../lib/script';
import { PersonPicker, type PersonRef } from '../../content';
import { useMatches } from '../api/gedcom-api';
import { failureMessage } from '../lib/files';
import '../../../lib/i18n/areas/duplicates';

/** What the admin decided: the accepted matches and the tree father of the file's root. */
export interface MergeDecision {
  matches: GedcomMatchChoice[];
  attachTo: number | null;
}

const percent = (score: number) => Math.round(score * 100);

/** A reason in Kyrgyz, worded as the duplicate finder's page words it. */
function useReasonText() {
  const { t } = useTranslation('duplicates');
  return (reason: DuplicateReason) =>
    t(`reasons.${reason.code}`, {
      a: reason.values?.[0] ?? '',
      b: reason.values?.[1] ?? '',
      delta: reason.delta ?? 0,
    });
}

/**
 * The matching preview of a merging import: every person of the file with the tree person
 * proposed as the same, the confidence and the reasons; accept or reject each, or all above the
 * threshold at once; and the tree father under whom the file's root goes.
 */
export function MatchesPanel({
  previewId,
  onChange,
}: {
  previewId: string;
  onChange: (decision: MergeDecision) => void;
}) {
  const { t } = useTranslation('gedcom');
  const script = useScript();
  const matches = useMatches(previewId, true);
  const [accepted, setAccepted] = useState<Set<string> | null>(null);
  const [father, setFather] = useState<PersonRef | null>(null);
  const results = matches.data?.results ?? [];
  const proposed = results.filter((r) => r.match !== null);
  const above = () => new Set(proposed.filter((r) => r.above_threshold).map((r) => r.xref));
  const chosen = accepted ?? (matches.data ? above() : new Set<string>());
  const rootMatched = matches.data?.root_xref ? chosen.has(matches.data.root_xref) : true;
  const root = results.find((r) => r.xref === matches.data?.root_xref);

  useEffect(() => {
    onChange({
      matches: proposed
        .filter((r) => chosen.has(r.xref))
        .map((r) => ({ xref: r.xref, person_id: r.match?.id ?? 0 })),
      attachTo: rootMatched ? null : (father?.id ?? null),
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the decision, not its callback
  }, [matches.data, accepted, father, rootMatched]);

  if (matches.isPending) return <CircularProgress aria-label={t('matches.loading')} />;
  if (matches.isError)
    return (
      <Alert severity="error">
        {script.text(`${t('matches.error')} ${failureMessage(matches.error)}`)}
      </Alert>
    );

  const toggle = (xref: string, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(xref);
    else next.delete(xref);
    setAccepted(next);
  };

  return (
    <Stack spacing={2} data-testid="gedcom-matches">
      <Box>
        <Typography variant="h6" component="h3">
          {script.text(t('matches.title'))}
        </Typography>
        <Typography variant="body2" color="textSecondary">
          {script.text(t('matches.intro'))}
        </Typography>
      </Box>
      <Typography role="status" data-testid="gedcom-matches-summary">
        {script.text(
          t('matches.summary', {
            proposed: proposed.length,
            accepted: chosen.size,
            added: results.length - chosen.size,
          }),
        )}
      </Typography>
      <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button
          variant="outlined"
          onClick={() => setAccepted(above())}
          {...script.label(t('matches.acceptAbove', { threshold: percent(GEDCOM_MATCH_AUTO) }))}
        >
          {script.text(t('matches.acceptAbove', { threshold: percent(GEDCOM_MATCH_AUTO) }))}
        </Button>
        <Button
          variant="text"
          onClick={() => setAccepted(new Set())}
          {...script.label(t('matches.rejectAll'))}
        >
          {script.text(t('matches.rejectAll'))}
        </Button>
      </Stack>
      <Stack component="ul" spacing={1} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {results.map((result) => (
          <MatchRow
            key={result.xref}
            result={result}
            accepted={chosen.has(result.xref)}
            onToggle={(on) => toggle(result.xref, on)}
          />
        ))}
      </Stack>
      {root && !rootMatched && (
        <Box data-testid="gedcom-attach">
          <Typography id="gedcom-attach" sx={{ mb: 1 }}>
            {script.text(t('matches.attach', { name: root.name }))}
          </Typography>
          <PersonPicker
            value={father}
            onChange={setFather}
            label={t('matches.attachLabel')}
            size="small"
          />
          <Typography variant="body2" color="textSecondary" sx={{ mt: 0.5 }}>
            {script.text(t('matches.attachHint'))}
          </Typography>
        </Box>
      )}
    </Stack>
  );
}

function MatchRow({
  result,
  accepted,
  onToggle,
}: {
  result: GedcomMatch;
  accepted: boolean;
  onToggle: (on: boolean) => void;
}) {
  const { t } = useTranslation('gedcom');
  const script = useScript();
  const reasonText = useReasonText();
  const fileLabel = [
    result.name,
    result.father_name ? t('matches.sonOf', { father: result.father_name }) : null,
    result.birth_year,
  ]
    .filter(Boolean)
    .join(', ');
  return (
    <Paper
      component="li"
      variant="outlined"
      sx={{ p: 1.5 }}
      data-testid="gedcom-match"
      data-xref={result.xref}
    >
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={{ xs: 1, md: 2 }}
        sx={{ alignItems: { md: 'center' } }}
      >
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="body2" color="textSecondary">
            {script.text(`${t('matches.file')} · ${result.xref}`)}
          </Typography>
          <Typography sx={{ overflowWrap: 'anywhere' }}>{script.text(fileLabel)}</Typography>
        </Box>
        <Box sx={{ flex: 1.4, minWidth: 0 }}>
          <Typography variant="body2" color="textSecondary">
            {script.text(t('matches.tree'))}
          </Typography>
          {result.match ? (
            <>
              <Typography sx={{ overflowWrap: 'anywhere' }}>
                <PersonLabel person={result.match} nameSx={{ fontWeight: 600 }} />
              </Typography>
              <Typography variant="body2">
                {script.text(t('matches.score', { score: percent(result.score ?? 0) }))}
              </Typography>
              <Typography variant="body2" color="textSecondary">
                {script.text(result.reasons.map(reasonText).join(' · '))}
              </Typography>
            </>
          ) : (
            <Typography color="textSecondary">{script.text(t('matches.noMatch'))}</Typography>
          )}
        </Box>
        {result.match && (
          <FormControlLabel
            control={
              <Checkbox checked={accepted} onChange={(event) => onToggle(event.target.checked)} />
            }
            label={script.field(t('matches.accept'))}
          />
        )}
      </Stack>
    </Paper>
  );
}
