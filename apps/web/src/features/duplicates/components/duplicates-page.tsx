import type { DuplicatePair, DuplicateReason, DuplicateRun } from '@bagysh/shared';
import { personLabel } from '@bagysh/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { PersonLabel } from '../../../components/person-label';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/dates';
import '../../../lib/i18n/areas/duplicates';
import { notify } from '../../../lib/notify';
import { useScript } from '../../../lib/script';
import {
  DUPLICATES_PAGE_SIZE,
  useClanChoices,
  useDuplicates,
  useNotSame,
  useRefreshDuplicates,
  type PairIds,
} from '../api/duplicates-api';

function parseId(value: string | null): number | undefined {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : undefined;
}

/** A reason in Kyrgyz: "аты дал келет (Өмүрбек / Omurbek)", "туулган жылы ±2". */
function useReasonText() {
  const { t } = useTranslation('duplicates');
  return (reason: DuplicateReason) =>
    t(`reasons.${reason.code}`, {
      a: reason.values?.[0] ?? '',
      b: reason.values?.[1] ?? '',
      delta: reason.delta ?? 0,
    });
}

function RunState({ run }: { run: DuplicateRun | null }) {
  const { t } = useTranslation('duplicates');
  const script = useScript();
  const refresh = useRefreshDuplicates();
  const busy = run?.status === 'queued' || run?.status === 'running';
  let text: string;
  if (!run) text = t('run.never');
  else if (run.status === 'done') text = t('run.done', { when: formatDateTime(run.finished_at) });
  else if (run.status === 'failed') text = t('run.failed', { error: run.error ?? '' });
  else text = t(`run.${run.status}`);
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1}
      sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
    >
      <Typography
        variant="body2"
        color={run?.status === 'failed' ? 'error' : 'textSecondary'}
        role="status"
        data-testid="duplicates-run"
      >
        {script.text(text)}
      </Typography>
      <Stack direction="row" spacing={1}>
        <Button
          size="small"
          variant="outlined"
          disabled={busy || refresh.isPending}
          onClick={() => refresh.mutate(false)}
          {...script.label(t('refresh'))}
        >
          {script.text(t('refresh'))}
        </Button>
        <Button
          size="small"
          disabled={busy || refresh.isPending}
          onClick={() => refresh.mutate(true)}
          {...script.label(t('rebuild'))}
        >
          {script.text(t('rebuild'))}
        </Button>
      </Stack>
    </Stack>
  );
}

function PersonSide({ person, label }: { person: DuplicatePair['a']; label: string }) {
  const script = useScript();
  const { t } = useTranslation('duplicates');
  return (
    <Box sx={{ flex: 1, minWidth: 0 }}>
      <Typography variant="caption" color="textSecondary" component="div">
        {script.text(label)}
      </Typography>
      <Link
        component={RouterLink}
        to={paths.person(person.id)}
        sx={{ fontSize: 18 }}
        {...script.label(t('open', { name: personLabel(person) }))}
      >
        <PersonLabel person={person} nameSx={{ fontWeight: 600 }} />
      </Link>
    </Box>
  );
}

function PairCard({ pair, onNotSame }: { pair: DuplicatePair; onNotSame: () => void }) {
  const { t } = useTranslation('duplicates');
  const script = useScript();
  const reasonText = useReasonText();
  const percent = Math.round(pair.score * 100);
  return (
    <Paper
      component="li"
      variant="outlined"
      sx={{ p: { xs: 1.5, md: 2 } }}
      data-pair={`${pair.a.id}-${pair.b.id}`}
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 1, sm: 2 }}>
        <PersonSide person={pair.a} label={t('first')} />
        <PersonSide person={pair.b} label={t('second')} />
        <Box sx={{ flexShrink: 0 }}>
          <Chip
            color={percent >= 75 ? 'success' : 'default'}
            label={script.text(t('score', { percent }))}
            aria-label={t('score', { percent })}
          />
        </Box>
      </Stack>
      <Box
        component="ul"
        aria-label={t('reasonsLabel')}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, listStyle: 'none', p: 0, my: 1.5 }}
      >
        {pair.reasons.map((reason) => (
          <Box
            component="li"
            key={reason.code}
            sx={{
              px: 1,
              py: 0.25,
              borderRadius: 1,
              fontSize: 14,
              bgcolor: reason.weight >= 0 ? 'action.selected' : 'transparent',
              border: 1,
              borderColor: reason.weight >= 0 ? 'transparent' : 'divider',
              color: reason.weight >= 0 ? 'text.primary' : 'text.secondary',
              overflowWrap: 'anywhere',
            }}
          >
            {reason.weight >= 0 ? '+ ' : '− '}
            {script.text(reasonText(reason))}
          </Box>
        ))}
      </Box>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        <Button
          variant="contained"
          size="small"
          component={RouterLink}
          to={paths.personMerge(pair.a.id, pair.b.id)}
          {...script.label(t('merge'))}
        >
          {script.text(t('merge'))}
        </Button>
        <Button size="small" color="inherit" onClick={onNotSame} {...script.label(t('notSame'))}>
          {script.text(t('notSame'))}
        </Button>
      </Stack>
    </Paper>
  );
}

/**
 * The duplicate finder (moderators and admins): pairs of likely duplicate persons from the
 * background job, best first, with the reasons; a link to merge each pair, "Бул башка адам" with
 * a confirmation and an undo; the clan filter and the pages in the address.
 */
export function DuplicatesPageContent() {
  const { t } = useTranslation('duplicates');
  const script = useScript();
  const [params, setParams] = useSearchParams();
  const page = parseId(params.get('page')) ?? 1;
  const clan = parseId(params.get('clan'));
  const branch = parseId(params.get('branch'));
  const list = useDuplicates({ page, clan, branch });
  const clans = useClanChoices();
  const notSame = useNotSame();
  const [asked, setAsked] = useState<DuplicatePair | null>(null);
  const [dismissed, setDismissed] = useState<PairIds | null>(null);
  const [error, setError] = useState<string | null>(null);

  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null || value === '') next.delete(key);
      else next.set(key, value);
    }
    setParams(next);
  };

  const confirmNotSame = async () => {
    if (!asked) return;
    setError(null);
    try {
      await notSame.mutateAsync({ a: asked.a.id, b: asked.b.id });
      setDismissed({ a: asked.a.id, b: asked.b.id });
      void notify(t('notSameDone'), { type: 'success' });
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : t('error'));
    } finally {
      setAsked(null);
    }
  };

  const undo = async () => {
    if (!dismissed) return;
    setError(null);
    try {
      await notSame.mutateAsync({ ...dismissed, undo: true });
      setDismissed(null);
      void notify(t('undone'), { type: 'success' });
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : t('error'));
    }
  };

  let body;
  if (list.isPending) {
    body = (
      <Stack spacing={1.5} aria-busy="true">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} variant="rounded" height={150} />
        ))}
      </Stack>
    );
  } else if (list.isError) {
    body = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void list.refetch()}>
            {script.text(t('retry'))}
          </Button>
        }
      >
        {script.text(t('error'))}
      </Alert>
    );
  } else if (list.data.count === 0) {
    const busy = list.data.run?.status === 'queued' || list.data.run?.status === 'running';
    body = (
      <Typography color="textSecondary" data-testid="duplicates-empty">
        {script.text(busy ? t('emptyRunning') : t('empty'))}
      </Typography>
    );
  } else {
    const pages = Math.ceil(list.data.count / DUPLICATES_PAGE_SIZE);
    body = (
      <>
        <Stack
          component="ul"
          spacing={1.5}
          sx={{ listStyle: 'none', p: 0, m: 0 }}
          data-testid="duplicates-list"
        >
          {list.data.results.map((pair) => (
            <PairCard
              key={`${pair.a.id}-${pair.b.id}`}
              pair={pair}
              onNotSame={() => setAsked(pair)}
            />
          ))}
        </Stack>
        {pages > 1 && (
          <Pagination
            sx={{ mt: 3, display: 'flex', justifyContent: 'center' }}
            count={pages}
            page={Math.min(page, pages)}
            onChange={(_, next) => update({ page: next === 1 ? null : String(next) })}
            aria-label={t('pagination')}
            siblingCount={0}
          />
        )}
      </>
    );
  }

  return (
    <Stack spacing={2.5} sx={{ mt: 2 }}>
      <Typography color="textSecondary">{script.text(t('intro'))}</Typography>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ alignItems: { md: 'center' } }}
      >
        <TextField
          select
          size="small"
          label={script.field(t('clan'))}
          value={clans.data?.results.some((c) => c.id === clan) ? String(clan) : ''}
          onChange={(event) => update({ clan: event.target.value, page: null })}
          sx={{ minWidth: { md: 260 } }}
        >
          <MenuItem value="">{script.text(t('allClans'))}</MenuItem>
          {clans.data?.results.map((item) => (
            <MenuItem key={item.id} value={String(item.id)}>
              {script.text(item.name)}
            </MenuItem>
          ))}
        </TextField>
        <Box sx={{ flex: 1 }}>
          <RunState run={list.data?.run ?? null} />
        </Box>
      </Stack>
      {dismissed && (
        <Alert
          severity="info"
          action={
            <Button
              color="inherit"
              size="small"
              disabled={notSame.isPending}
              onClick={() => void undo()}
              {...script.label(t('undo'))}
            >
              {script.text(t('undo'))}
            </Button>
          }
        >
          {script.text(t('notSameDone'))}
        </Alert>
      )}
      {error && <Alert severity="error">{script.text(error)}</Alert>}
      {body}
      <ConfirmDialog
        open={asked !== null}
        title={t('notSameTitle')}
        text={t('notSameText', {
          a: asked ? personLabel(asked.a) : '',
          b: asked ? personLabel(asked.b) : '',
        })}
        confirmLabel={t('notSame')}
        pending={notSame.isPending}
        onConfirm={() => void confirmNotSame()}
        onClose={() => setAsked(null)}
      />
    </Stack>
  );
}
