import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useScript } from '../../../lib/script';
import { useContactMessages, useMarkContactMessage } from '../api/contact-messages';
import { formatDate } from '../../../lib/dates';
import { pageCount } from '../lib/format';
import { Pager } from './pager';
import { EmptyState, LoadError, Loading } from './query-state';
import '../../../lib/i18n/areas/content';

/** The admins' inbox of contact messages: newest first, mark handled. */
export function ContactInbox() {
  const { t } = useTranslation('content');
  const script = useScript();
  const [page, setPage] = useState(1);
  const [onlyNew, setOnlyNew] = useState(false);
  const messages = useContactMessages(page, onlyNew, true);
  const mark = useMarkContactMessage();

  const toggle = async (id: number, handled: boolean) => {
    try {
      await mark.mutateAsync({ id, handled });
    } catch (error) {
      void notify(error instanceof ApiError ? error.message : 'errors.generic', { type: 'error' });
    }
  };

  return (
    <Box component="section" aria-labelledby="contact-inbox" sx={{ mt: 5 }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 2 }}
      >
        <Typography id="contact-inbox" variant="h5" component="h2">
          {script.text(t('contact.inbox'))}
        </Typography>
        <FormControlLabel
          control={
            <Switch
              checked={onlyNew}
              onChange={(e) => {
                setOnlyNew(e.target.checked);
                setPage(1);
              }}
            />
          }
          label={script.text(t('contact.onlyNew'))}
        />
      </Stack>
      {messages.isError && !messages.data ? (
        <LoadError error={messages.error} onRetry={() => void messages.refetch()} />
      ) : !messages.data ? (
        <Loading />
      ) : messages.data.results.length === 0 ? (
        <EmptyState text={t('contact.inboxEmpty')} />
      ) : (
        <Stack spacing={1.5} data-testid="contact-inbox">
          {messages.data.results.map((message) => (
            <Paper
              key={message.id}
              variant="outlined"
              sx={{ p: 2, opacity: message.handled ? 0.7 : 1 }}
              data-testid="contact-message"
            >
              <Stack
                direction="row"
                spacing={1}
                sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}
              >
                <Typography sx={{ fontWeight: 700 }}>{script.text(message.name)}</Typography>
                <Chip
                  size="small"
                  color={message.handled ? 'default' : 'warning'}
                  label={script.text(
                    message.handled ? t('contact.handled') : t('contact.unhandled'),
                  )}
                />
                <Typography variant="body2" color="textSecondary">
                  {formatDate(message.created_at)}
                </Typography>
              </Stack>
              <Typography
                variant="body2"
                color="textSecondary"
                sx={{ mt: 0.5, overflowWrap: 'anywhere' }}
              >
                {[message.email, message.phone].filter(Boolean).join(' · ')}
              </Typography>
              <Typography sx={{ mt: 1, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {script.text(message.message)}
              </Typography>
              <Button
                size="small"
                sx={{ mt: 1 }}
                disabled={mark.isPending}
                onClick={() => void toggle(message.id, !message.handled)}
                {...script.label(message.handled ? t('contact.markNew') : t('contact.markHandled'))}
              >
                {script.text(message.handled ? t('contact.markNew') : t('contact.markHandled'))}
              </Button>
            </Paper>
          ))}
          {mark.isError && (
            <Alert severity="error">
              {script.text(mark.error instanceof ApiError ? mark.error.message : t('common.retry'))}
            </Alert>
          )}
        </Stack>
      )}
      {messages.data && (
        <Pager page={page} pages={pageCount(messages.data.count, 10)} onChange={setPage} />
      )}
    </Box>
  );
}
