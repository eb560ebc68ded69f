import type { Notice } from '@bagysh/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LinkButton } from '../../../components/link-button';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../../../lib/dates';
import '../../../lib/i18n/areas/notices';
import { useScript } from '../../../lib/script';
import { NOTICES_PAGE_SIZE, useMarkRead, useNotices } from '../api/notices';

function NoticeItem({ notice }: { notice: Notice }) {
  const { t } = useTranslation('notices');
  const script = useScript();
  const markRead = useMarkRead();
  return (
    <Box
      component="li"
      data-testid="notice"
      data-read={notice.read}
      sx={{
        listStyle: 'none',
        p: { xs: 2, sm: 2.5 },
        borderBottom: 1,
        borderColor: 'divider',
        borderLeft: 4,
        borderLeftColor: notice.read ? 'transparent' : 'primary.main',
        '&:last-of-type': { borderBottom: 0 },
      }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', flexWrap: 'wrap' }}>
        <Typography
          component="h2"
          sx={{ fontSize: '1rem', fontWeight: notice.read ? 500 : 700, wordBreak: 'break-word' }}
        >
          {script.text(notice.title)}
        </Typography>
        {!notice.read && (
          <Chip
            size="small"
            label={script.text(t('list.newBadge'))}
            sx={{ bgcolor: 'primary.dark', color: 'common.white' }}
          />
        )}
      </Stack>
      <Typography variant="body2" color="textSecondary" sx={{ mt: 0.5 }}>
        {formatDateTime(notice.created_at)}
      </Typography>
      {notice.lines.length > 0 && (
        <Box component="ul" sx={{ m: 0, mt: 1, pl: 2.5 }}>
          {notice.lines.map((line) => (
            <Typography component="li" key={line} variant="body2" sx={{ wordBreak: 'break-word' }}>
              {script.text(line)}
            </Typography>
          ))}
        </Box>
      )}
      {notice.comment && (
        <Box
          component="blockquote"
          sx={{ m: 0, mt: 1, pl: 1.5, borderLeft: 3, borderColor: 'divider' }}
        >
          <Typography variant="body2" color="textSecondary">
            {script.text(t('list.comment'))}
          </Typography>
          <Typography variant="body2" sx={{ wordBreak: 'break-word' }} data-testid="notice-comment">
            {script.text(notice.comment)}
          </Typography>
        </Box>
      )}
      <Stack direction="row" spacing={1} sx={{ mt: 1.5, flexWrap: 'wrap', gap: 1 }}>
        {notice.link && (
          <LinkButton
            to={notice.link}
            variant="outlined"
            onClick={() => {
              if (!notice.read) markRead.mutate(notice.id);
            }}
            {...script.label(t('list.open'))}
          >
            {script.text(t('list.open'))}
          </LinkButton>
        )}
        {!notice.read && (
          <Button
            onClick={() => markRead.mutate(notice.id)}
            disabled={markRead.isPending}
            data-testid="notice-mark-read"
            {...script.label(t('list.markRead'))}
          >
            {script.text(t('list.markRead'))}
          </Button>
        )}
      </Stack>
    </Box>
  );
}

/** The member's notices (/notices): newest first, unread marked, read one by one or all. */
export function NoticesList() {
  const { t } = useTranslation('notices');
  const script = useScript();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const notices = useNotices(page);
  const markRead = useMarkRead();
  const pages = notices.data ? Math.max(1, Math.ceil(notices.data.count / NOTICES_PAGE_SIZE)) : 1;

  return (
    <Stack spacing={2} sx={{ mt: 3 }}>
      <Typography color="textSecondary">{script.text(t('list.intro'))}</Typography>
      {notices.isPending ? (
        <Paper variant="outlined" aria-busy="true">
          {[0, 1, 2].map((key) => (
            <Box key={key} sx={{ p: 2 }}>
              <Skeleton width="50%" />
              <Skeleton width="30%" />
            </Box>
          ))}
        </Paper>
      ) : notices.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" onClick={() => void notices.refetch()}>
              {script.text(t('list.retry'))}
            </Button>
          }
        >
          {script.text(notices.error.message || t('list.loadError'))}
        </Alert>
      ) : notices.data.count === 0 ? (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }} data-testid="notices-empty">
          <Typography color="textSecondary">{script.text(t('list.empty'))}</Typography>
        </Paper>
      ) : (
        <>
          <Stack
            direction="row"
            spacing={2}
            sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}
          >
            <Typography variant="body2" color="textSecondary" data-testid="notices-unread">
              {script.text(t('list.unread', { count: notices.data.unread }))} ·{' '}
              {script.text(t('list.total', { count: notices.data.count }))}
            </Typography>
            <Stack direction="row" spacing={1}>
              <LinkButton to={paths.profile()} variant="text" {...script.label(t('list.settings'))}>
                {script.text(t('list.settings'))}
              </LinkButton>
              <Button
                variant="outlined"
                disabled={notices.data.unread === 0 || markRead.isPending}
                onClick={() => markRead.mutate(null)}
                data-testid="notices-read-all"
                {...script.label(t('list.markAllRead'))}
              >
                {script.text(t('list.markAllRead'))}
              </Button>
            </Stack>
          </Stack>
          <Paper
            variant="outlined"
            component="ul"
            sx={{ m: 0, p: 0, opacity: notices.isPlaceholderData ? 0.6 : 1 }}
          >
            {notices.data.results.map((notice) => (
              <NoticeItem key={notice.id} notice={notice} />
            ))}
          </Paper>
          {pages > 1 ? (
            <Pagination
              count={pages}
              page={Math.min(page, pages)}
              onChange={(_event, value) =>
                setParams((previous) => {
                  const next = new URLSearchParams(previous);
                  if (value > 1) next.set('page', String(value));
                  else next.delete('page');
                  return next;
                })
              }
              sx={{ alignSelf: 'center' }}
            />
          ) : null}
        </>
      )}
    </Stack>
  );
}
