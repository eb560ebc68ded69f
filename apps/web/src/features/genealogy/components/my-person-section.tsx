import { personLabel, type PersonSummary, type SearchResult } from '@bagysh/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { LinkButton } from '../../../components/link-button';
import { PersonLabel } from '../../../components/person-label';
import { paths } from '../../../config/paths';
import '../../../lib/i18n/areas/genealogy';
import { notify } from '../../../lib/notify';
import { useScript } from '../../../lib/script';
import { genealogyKeys } from '../api/genealogy-keys';
import {
  unlinkPersonClaim,
  useMyPersonClaims,
  withdrawPersonClaim,
} from '../api/person-claims-api';
import { PersonSearch } from './person-search';

const ThisIsMeDialog = lazy(() =>
  import('./this-is-me-dialog').then((m) => ({ default: m.ThisIsMeDialog })),
);

function PersonLink({ person }: { person: PersonSummary }) {
  const script = useScript();
  return (
    <Link
      component={RouterLink}
      to={paths.person(person.id)}
      {...script.label(personLabel(person))}
      data-testid="my-person-link"
    >
      <PersonLabel person={person} />
    </Link>
  );
}

/**
 * "Санжырадагы мен" of the profile (docs/features.md, This is me): the member's person with a
 * link to it, or their waiting request (which they may withdraw), or the way to ask — find
 * oneself by name, then "Бул мен" with a note of evidence. A rejection shows the moderator's
 * comment.
 */
export function MyPersonSection() {
  const { t } = useTranslation('genealogy');
  const script = useScript();
  const queryClient = useQueryClient();
  const claims = useMyPersonClaims();
  const [chosen, setChosen] = useState<SearchResult | null>(null);
  const [asking, setAsking] = useState(false);
  const [unlinking, setUnlinking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const act = async (run: () => Promise<unknown>, done: string) => {
    setBusy(true);
    setError(null);
    try {
      await run();
      await queryClient.invalidateQueries({ queryKey: genealogyKeys.all });
      void notify(done, { type: 'success' });
      setUnlinking(false);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : t('error'));
    } finally {
      setBusy(false);
    }
  };

  const data = claims.data;
  let body;
  if (claims.isPending) {
    body = <Skeleton variant="rounded" height={64} role="status" aria-label={t('loading')} />;
  } else if (claims.isError || !data) {
    body = <Alert severity="error">{script.text(claims.error?.message ?? t('error'))}</Alert>;
  } else if (data.linked) {
    const linked = data.linked;
    body = (
      <Stack spacing={1.5} data-testid="my-person-linked">
        <Typography>
          {script.text(t('claims.linkedAs'))} <PersonLink person={linked.person} />
        </Typography>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          <LinkButton
            to={`${paths.search()}?person=${linked.person.id}`}
            variant="outlined"
            {...script.label(t('claims.showInTree'))}
          >
            {script.text(t('claims.showInTree'))}
          </LinkButton>
          <Button
            color="error"
            onClick={() => setUnlinking(true)}
            {...script.label(t('claims.unlink'))}
          >
            {script.text(t('claims.unlink'))}
          </Button>
        </Stack>
        <ConfirmDialog
          open={unlinking}
          title={t('claims.unlinkTitle')}
          text={t('claims.unlinkText', { name: linked.person.name })}
          confirmLabel={t('claims.unlink')}
          cancelLabel={t('cancel')}
          danger
          pending={busy}
          onConfirm={() => void act(() => unlinkPersonClaim(linked.id), t('claims.unlinked'))}
          onClose={() => setUnlinking(false)}
        />
      </Stack>
    );
  } else if (data.pending) {
    const pending = data.pending;
    body = (
      <Stack spacing={1.5} data-testid="my-person-pending">
        <Typography>
          {script.text(t('claims.pending'))} <PersonLink person={pending.person} />
        </Typography>
        <Typography color="textSecondary" sx={{ whiteSpace: 'pre-line' }}>
          {script.text(t('claims.yourNote', { note: pending.note }))}
        </Typography>
        <Box>
          <Button
            variant="outlined"
            disabled={busy}
            onClick={() => void act(() => withdrawPersonClaim(pending.id), t('claims.withdrawn'))}
            {...script.label(t('claims.withdraw'))}
          >
            {script.text(t('claims.withdraw'))}
          </Button>
        </Box>
      </Stack>
    );
  } else {
    body = (
      <Stack spacing={1.5} data-testid="my-person-ask">
        <Typography color="textSecondary">{script.text(t('claims.intro'))}</Typography>
        {data.rejected && (
          <Alert severity="warning" data-testid="my-person-rejected">
            {script.text(t('claims.rejected', { name: data.rejected.person.name }))}
            {data.rejected.comment && (
              <>
                <br />
                {script.text(t('claims.reason', { comment: data.rejected.comment }))}
              </>
            )}
          </Alert>
        )}
        <Box sx={{ maxWidth: 560 }}>
          <PersonSearch
            id="my-person-search"
            label={t('claims.find')}
            onSelect={setChosen}
            value={chosen}
          />
        </Box>
        <Box>
          <Button
            variant="contained"
            disabled={!chosen}
            onClick={() => setAsking(true)}
            data-testid="my-person-ask-button"
            {...script.label(t('claims.action'))}
          >
            {script.text(t('claims.action'))}
          </Button>
        </Box>
        {asking && chosen && (
          <Suspense fallback={null}>
            <ThisIsMeDialog person={chosen} onClose={() => setAsking(false)} />
          </Suspense>
        )}
      </Stack>
    );
  }

  return (
    <Paper
      variant="outlined"
      component="section"
      sx={{ p: { xs: 2, sm: 3 } }}
      data-testid="my-person"
      aria-labelledby="my-person-title"
    >
      <Typography id="my-person-title" variant="h6" component="h2" sx={{ mb: 2 }}>
        {script.text(t('claims.section'))}
      </Typography>
      {body}
      {error && (
        <Alert severity="error" sx={{ mt: 2 }} role="alert">
          {script.text(error)}
        </Alert>
      )}
    </Paper>
  );
}
