import {
  formatDateKy,
  recordingPath,
  type InformantConflict,
  type Recording,
} from '@bagysh/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { PageHeading } from '../../../components/page-heading';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import '../../../lib/i18n/areas/voices';
import { notify } from '../../../lib/notify';
import { useScript } from '../../../lib/script';
import { PersonChips } from './person-chips';
import {
  CONFLICTS_PAGE_SIZE,
  deleteRecording,
  INFORMANTS_PAGE_SIZE,
  RECORDINGS_PAGE_SIZE,
  useConflicts,
  useInformant,
  useInformants,
  useRecordingSrc,
  useRecordings,
  voicesKeys,
} from '../api/voices-api';
import { formatElapsed } from '../lib/use-recorder';
import { voicesPaths } from '../lib/voices-paths';
import { RecordButton } from './record-button';

const linkSx = { color: 'primary.dark' } as const;

/** A route's id parameter, or null when it is not a row id. */
function idParam(value: string | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id >= 1 && id <= 2_147_483_647 ? id : null;
}

function LoadError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('voices');
  const script = useScript();
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" onClick={onRetry}>
          {script.text(t('retry'))}
        </Button>
      }
    >
      {script.text(t('loadError'))}
    </Alert>
  );
}

function Pages({
  count,
  size,
  page,
  onChange,
}: {
  count: number;
  size: number;
  page: number;
  onChange: (page: number) => void;
}) {
  const { t } = useTranslation('voices');
  const pages = Math.max(1, Math.ceil(count / size));
  if (pages <= 1) return null;
  return (
    <Pagination
      sx={{ mt: 2 }}
      count={pages}
      page={page}
      onChange={(_event, value) => onChange(value)}
      aria-label={t('pages')}
    />
  );
}

function TextLink({ to, children }: { to: string; children: string }) {
  const script = useScript();
  return (
    <Typography component={Link} to={to} sx={linkSx} {...script.label(children)}>
      {script.text(children)}
    </Typography>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  const script = useScript();
  return (
    <Paper component="section" variant="outlined" aria-labelledby={id} sx={{ p: 2, mt: 3 }}>
      <Typography component="h2" variant="h6" id={id} sx={{ fontSize: 18, mb: 1 }}>
        {script.text(title)}
      </Typography>
      {children}
    </Paper>
  );
}

/** Two or more informants giving different years for one fact, side by side. */
function Conflicts({ sourceId }: { sourceId: number | null }) {
  const { t } = useTranslation('voices');
  const script = useScript();
  const [page, setPage] = useState(1);
  const { data, isPending, isError, refetch } = useConflicts(sourceId, page);
  return (
    <Section id="informant-conflicts" title={t('conflicts')}>
      <Typography variant="body2" color="textSecondary" sx={{ mb: 1 }}>
        {script.text(t('conflictsIntro'))}
      </Typography>
      {isPending ? (
        <Skeleton variant="rounded" height={80} />
      ) : isError ? (
        <LoadError onRetry={() => void refetch()} />
      ) : data.count === 0 ? (
        <Typography color="textSecondary">{script.text(t('noConflicts'))}</Typography>
      ) : (
        <>
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} data-testid="conflicts">
            {data.results.map((conflict) => (
              <ConflictItem key={`${conflict.person.id}-${conflict.fact}`} conflict={conflict} />
            ))}
          </Box>
          <Pages count={data.count} size={CONFLICTS_PAGE_SIZE} page={page} onChange={setPage} />
        </>
      )}
    </Section>
  );
}

function ConflictItem({ conflict }: { conflict: InformantConflict }) {
  const { t } = useTranslation('voices');
  const script = useScript();
  return (
    <Box component="li" sx={{ py: 1, borderTop: 1, borderColor: 'divider' }}>
      <TextLink to={paths.person(conflict.person.id)}>{conflict.person.name}</TextLink>
      <Typography component="span" color="textSecondary">
        {' · '}
        {script.text(t(`facts.${conflict.fact}`))}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: `repeat(${conflict.sides.length}, 1fr)` },
          gap: 1,
          mt: 1,
        }}
      >
        {conflict.sides.map((side) => (
          <Paper
            key={`${side.source.id}-${side.date?.text}-${side.place?.id}`}
            variant="outlined"
            sx={{ p: 1, bgcolor: 'action.hover' }}
          >
            <TextLink to={voicesPaths.informant(side.source.id)}>{side.source.title}</TextLink>
            {side.date && (
              <Typography sx={{ fontSize: 20, fontWeight: 600 }}>
                {script.text(formatDateKy(side.date))}
              </Typography>
            )}
            {side.place && <TextLink to={paths.place(side.place.id)}>{side.place.name}</TextLink>}
          </Paper>
        ))}
      </Box>
    </Box>
  );
}

/** Айтуучулар (/informants): every informant, then where they disagree. */
function InformantsList() {
  const { t } = useTranslation();
  const { t: v } = useTranslation('voices');
  const script = useScript();
  const [page, setPage] = useState(1);
  const { data, isPending, isError, refetch } = useInformants(page);
  return (
    <PageHeading title={t('titles.informants')}>
      <Typography color="textSecondary" sx={{ mt: 1, maxWidth: 760 }}>
        {script.text(v('intro'))}
      </Typography>
      <Section id="informants-list" title={v('informantsList')}>
        {isPending ? (
          <Stack spacing={1} aria-label={v('loading')}>
            <Skeleton variant="rounded" height={72} />
            <Skeleton variant="rounded" height={72} />
          </Stack>
        ) : isError ? (
          <LoadError onRetry={() => void refetch()} />
        ) : data.count === 0 ? (
          <Typography color="textSecondary">{script.text(v('empty'))}</Typography>
        ) : (
          <>
            <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} data-testid="informants">
              {data.results.map((informant) => (
                <Box
                  component="li"
                  key={informant.id}
                  data-id={informant.id}
                  data-recordings={informant.recording_count}
                  sx={{ py: 1.5, borderTop: 1, borderColor: 'divider' }}
                >
                  <Typography component="h3" sx={{ fontSize: 18, fontWeight: 600 }}>
                    <TextLink to={voicesPaths.informant(informant.id)}>{informant.title}</TextLink>
                  </Typography>
                  <Typography variant="body2" color="textSecondary">
                    {script.text(
                      [
                        informant.author && v('toldBy', { name: informant.author }),
                        informant.told_date &&
                          v('toldWhen', { date: formatDateKy(informant.told_date) }),
                        informant.told_place &&
                          v('toldWhere', { place: informant.told_place.name }),
                        informant.recording_count > 0
                          ? v('recordingCount', { count: informant.recording_count })
                          : v('noRecordings'),
                      ]
                        .filter(Boolean)
                        .join(' · '),
                    )}
                  </Typography>
                  {informant.top_persons.length > 0 && (
                    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, mt: 0.5 }}>
                      {informant.top_persons.map((person) => (
                        <Chip
                          key={person.id}
                          component={Link}
                          to={paths.person(person.id)}
                          clickable
                          size="small"
                          variant="outlined"
                          label={script.text(`${person.name} · ${person.count}`)}
                          {...script.label(person.name)}
                        />
                      ))}
                    </Stack>
                  )}
                </Box>
              ))}
            </Box>
            <Pages count={data.count} size={INFORMANTS_PAGE_SIZE} page={page} onChange={setPage} />
          </>
        )}
      </Section>
      <Conflicts sourceId={null} />
    </PageHeading>
  );
}

function RecordingItem({ recording }: { recording: Recording }) {
  const { t } = useTranslation('voices');
  const script = useScript();
  const client = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const src = useRecordingSrc(
    recording.file.id,
    recording.file.url,
    recording.file.visibility === 'public',
  );
  const remove = useMutation({
    mutationFn: () => deleteRecording(recording.id),
    onSuccess: async () => {
      setConfirming(false);
      await client.invalidateQueries({ queryKey: voicesKeys.all });
      void notify(t('removed'), { type: 'success' });
    },
    onError: (error) => {
      setConfirming(false);
      void notify(error instanceof ApiError ? error.message : t('loadError'), { type: 'error' });
    },
  });
  const details = [
    recording.told_date && t('toldWhen', { date: formatDateKy(recording.told_date) }),
    recording.told_place && t('toldWhere', { place: recording.told_place.name }),
    recording.duration_seconds !== null &&
      t('duration', { time: formatElapsed(recording.duration_seconds) }),
  ].filter(Boolean);
  return (
    <Box component="li" sx={{ py: 1.5, borderTop: 1, borderColor: 'divider' }}>
      <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
        <TextLink to={recordingPath(recording.file.id)}>{recording.file.name}</TextLink>
      </Typography>
      {details.length > 0 && (
        <Typography variant="body2" color="textSecondary">
          {script.text(details.join(' · '))}
        </Typography>
      )}
      {src ? (
        <audio
          controls
          preload="metadata"
          src={src}
          aria-label={recording.file.name}
          style={{ width: '100%', marginTop: 8 }}
          data-testid="recording-audio"
        />
      ) : (
        <Skeleton variant="rounded" height={40} sx={{ mt: 1 }} />
      )}
      <PersonChips persons={recording.persons} mt={0.5} />
      {recording.can_edit && (
        <Button
          color="error"
          size="small"
          sx={{ mt: 1, minHeight: 44 }}
          onClick={() => setConfirming(true)}
          {...script.label(t('removeRecording'))}
        >
          {script.text(t('removeRecording'))}
        </Button>
      )}
      <ConfirmDialog
        open={confirming}
        title={t('removeTitle')}
        text={t('removeText')}
        confirmLabel={t('remove')}
        danger
        pending={remove.isPending}
        onConfirm={() => remove.mutate()}
        onClose={() => setConfirming(false)}
      />
    </Box>
  );
}

function Recordings({ sourceId }: { sourceId: number }) {
  const { t } = useTranslation('voices');
  const script = useScript();
  const [page, setPage] = useState(1);
  const { data, isPending, isError, refetch } = useRecordings(sourceId, null, page);
  return (
    <Section id="informant-recordings" title={t('recordings')}>
      {isPending ? (
        <Skeleton variant="rounded" height={96} />
      ) : isError ? (
        <LoadError onRetry={() => void refetch()} />
      ) : data.count === 0 ? (
        <Typography color="textSecondary">{script.text(t('recordingsEmpty'))}</Typography>
      ) : (
        <>
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} data-testid="recordings">
            {data.results.map((recording) => (
              <RecordingItem key={recording.id} recording={recording} />
            ))}
          </Box>
          <Pages count={data.count} size={RECORDINGS_PAGE_SIZE} page={page} onChange={setPage} />
        </>
      )}
    </Section>
  );
}

/** An informant's page (/informants/{id}). */
function InformantPage({ id }: { id: number }) {
  const { t } = useTranslation();
  const { t: v } = useTranslation('voices');
  const script = useScript();
  const { data, isPending, isError, error, refetch } = useInformant(id);
  if (isPending) {
    return (
      <PageHeading title={t('titles.informant')}>
        <Skeleton variant="rounded" height={160} sx={{ mt: 2 }} aria-label={v('loading')} />
      </PageHeading>
    );
  }
  if (isError) {
    return (
      <PageHeading title={t('titles.informant')}>
        <Box sx={{ mt: 2 }}>
          {error instanceof ApiError && error.status === 404 ? (
            <Alert severity="info">{script.text(v('notFound'))}</Alert>
          ) : (
            <LoadError onRetry={() => void refetch()} />
          )}
        </Box>
      </PageHeading>
    );
  }
  const facts = [
    data.author && v('toldBy', { name: data.author }),
    data.told_date && v('toldWhen', { date: formatDateKy(data.told_date) }),
  ].filter(Boolean);
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <TextLink to={voicesPaths.informants()}>{v('allInformants')}</TextLink>
      <Typography variant="h4" component="h1" sx={{ fontSize: { xs: 28, md: 34 }, mt: 1 }}>
        {script.text(data.title)}
      </Typography>
      <Typography color="textSecondary" sx={{ mt: 1 }}>
        {script.text(facts.join(' · '))}
        {data.told_place && (
          <>
            {facts.length > 0 && ' · '}
            {script.text(v('toldWhere', { place: '' }))}
            <TextLink to={paths.place(data.told_place.id)}>{data.told_place.name}</TextLink>
          </>
        )}
      </Typography>
      {data.text && (
        <Typography sx={{ mt: 1, whiteSpace: 'pre-line' }}>{script.text(data.text)}</Typography>
      )}
      <Box sx={{ mt: 2 }}>
        <RecordButton informant={{ id: data.id, label: data.title }} />
      </Box>
      <Recordings sourceId={id} />
      <Section id="informant-persons" title={v('toldAbout')}>
        {data.told_persons.length === 0 ? (
          <Typography color="textSecondary">
            {script.text(v('toldAboutCount', { count: 0 }))}
          </Typography>
        ) : (
          <>
            <Typography variant="body2" color="textSecondary" sx={{ mb: 1 }}>
              {script.text(v('toldAboutCount', { count: data.told_person_count }))}
            </Typography>
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }} data-testid="told-persons">
              {data.told_persons.map((person) => (
                <Chip
                  key={person.id}
                  component={Link}
                  to={paths.person(person.id)}
                  clickable
                  variant="outlined"
                  label={script.text(`${person.name} · ${v('supports', { count: person.count })}`)}
                  {...script.label(person.name)}
                />
              ))}
            </Stack>
          </>
        )}
      </Section>
      <Conflicts sourceId={id} />
    </Container>
  );
}

/** The two informants' pages in one chunk (docs/product.md, Routes). */
export default function InformantsPages({ informantId }: { informantId: string | undefined }) {
  const { t } = useTranslation();
  const { t: v } = useTranslation('voices');
  const script = useScript();
  if (informantId === undefined) return <InformantsList />;
  const id = idParam(informantId);
  if (id === null) {
    return (
      <PageHeading title={t('titles.informant')}>
        <Alert severity="info" sx={{ mt: 2 }}>
          {script.text(v('notFound'))}
        </Alert>
      </PageHeading>
    );
  }
  return <InformantPage key={id} id={id} />;
}
