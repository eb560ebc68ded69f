import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { apiUrl } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/dates';
import { fetchFileBlob } from '../../../lib/file-fetch';
import '../../../lib/i18n/areas/mail';
import { useScript } from '../../../lib/script';
import { saveBlob } from '../../../lib/upload';
import { OUTBOX_PAGE_SIZE, useOutbox, useOutboxMessage } from '../api/outbox';

/** One mail opened: its recipient, subject, time and text, and its .eml to download. */
function MessageDialog({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useTranslation('mail');
  const script = useScript();
  const message = useOutboxMessage(id);
  const download = () => {
    if (!id) return;
    void fetchFileBlob(apiUrl(`mail/outbox/${id}/eml/`)).then((blob) =>
      saveBlob(blob, `${id}.eml`),
    );
  };
  return (
    <Dialog open={id !== null} onClose={onClose} fullWidth maxWidth="md">
      <DialogTitle>{message.data ? script.text(message.data.subject) : '…'}</DialogTitle>
      <DialogContent>
        {message.isError ? (
          <Alert severity="error">{script.text(message.error.message)}</Alert>
        ) : message.data ? (
          <Stack spacing={1}>
            <Typography variant="body2" color="textSecondary">
              {script.text(t('outbox.to'))}: {message.data.to} ·{' '}
              {formatDateTime(message.data.created_at)}
            </Typography>
            <Box
              component="pre"
              data-testid="outbox-text"
              sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', fontFamily: 'inherit', m: 0 }}
            >
              {script.text(message.data.text)}
            </Box>
          </Stack>
        ) : (
          <Skeleton height={160} />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={download} disabled={!message.data} {...script.label(t('outbox.download'))}>
          {script.text(t('outbox.download'))}
        </Button>
        <Button variant="contained" onClick={onClose} {...script.label(t('outbox.close'))}>
          {script.text(t('outbox.close'))}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The admins' outbox: every mail written as an .eml file while no SMTP server is set. */
export function OutboxList() {
  const { t } = useTranslation('mail');
  const script = useScript();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const outbox = useOutbox(page);
  const [opened, setOpened] = useState<string | null>(null);
  const pages = outbox.data ? Math.max(1, Math.ceil(outbox.data.count / OUTBOX_PAGE_SIZE)) : 1;

  return (
    <Stack spacing={2} sx={{ mt: 3 }}>
      <Typography color="textSecondary">
        {script.text(outbox.data?.transport === 'smtp' ? t('outbox.smtpNow') : t('outbox.intro'))}
      </Typography>
      {outbox.isPending ? (
        <Paper variant="outlined" aria-busy="true">
          {[0, 1, 2].map((key) => (
            <Box key={key} sx={{ p: 2 }}>
              <Skeleton width="50%" />
              <Skeleton width="30%" />
            </Box>
          ))}
        </Paper>
      ) : outbox.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" onClick={() => void outbox.refetch()}>
              {script.text(t('outbox.retry'))}
            </Button>
          }
        >
          {script.text(outbox.error.message || t('outbox.loadError'))}
        </Alert>
      ) : outbox.data.results.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
          <Typography color="textSecondary">{script.text(t('outbox.empty'))}</Typography>
        </Paper>
      ) : (
        <>
          <Typography variant="body2" color="textSecondary">
            {script.text(t('outbox.total', { count: outbox.data.count }))}
          </Typography>
          <Paper variant="outlined" sx={{ opacity: outbox.isPlaceholderData ? 0.6 : 1 }}>
            <List disablePadding>
              {outbox.data.results.map((message) => (
                // A list item holding the button: a list's children must be items.
                <ListItem key={message.id} disablePadding divider>
                  <ListItemButton
                    data-testid="outbox-row"
                    onClick={() => setOpened(message.id)}
                    sx={{ display: 'block', py: 1.5 }}
                  >
                    <Typography sx={{ fontWeight: 600, wordBreak: 'break-word' }}>
                      {script.text(message.subject)}
                    </Typography>
                    <Typography
                      variant="body2"
                      color="textSecondary"
                      sx={{ wordBreak: 'break-word' }}
                    >
                      {message.to} · {formatDateTime(message.created_at)}
                    </Typography>
                  </ListItemButton>
                </ListItem>
              ))}
            </List>
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
      <MessageDialog id={opened} onClose={() => setOpened(null)} />
    </Stack>
  );
}
