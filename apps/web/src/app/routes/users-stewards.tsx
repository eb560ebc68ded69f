import { personLabel, type StewardBranch, type UserListItem } from '@bagysh/shared';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useChangeStewardBranch, useStewardBranches } from '../../features/accounts';
import { PersonPicker, type PersonRef } from '../../features/content';
import '../../lib/i18n/areas/accounts';
import { ApiError } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { useScript } from '../../lib/script';

const nameOf = (user: UserListItem) => user.full_name || user.username;

/** The error of a refused change: the server's field message when it gave one. */
function messageOf(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.message || fallback;
  return fallback;
}

/**
 * The admin's branches of one member (docs/features.md, Branch stewards): the list with a
 * remove button each (asked first), and a person picker to add the top person of another.
 */
function StewardBranchesDialog({ user, onClose }: { user: UserListItem; onClose: () => void }) {
  const { t } = useTranslation('accounts');
  const script = useScript();
  const branches = useStewardBranches(user.id);
  const change = useChangeStewardBranch(user.id);
  const [person, setPerson] = useState<PersonRef | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [removing, setRemoving] = useState<StewardBranch | null>(null);

  const add = () => {
    if (!person) return;
    setError(null);
    change.mutate(
      { personId: person.id },
      {
        onSuccess: () => {
          setPerson(null);
          void notify(t('stewards.added'), { type: 'success' });
        },
        onError: (failure) => setError(messageOf(failure, t('stewards.loadError'))),
      },
    );
  };

  const remove = () => {
    if (!removing) return;
    change.mutate(
      { personId: removing.person.id, remove: true },
      {
        onSuccess: () => {
          setRemoving(null);
          void notify(t('stewards.removed'), { type: 'success' });
        },
        onError: (failure) => {
          setRemoving(null);
          setError(messageOf(failure, t('stewards.loadError')));
        },
      },
    );
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="steward-title">
      <DialogTitle id="steward-title">
        {script.text(t('stewards.title', { name: nameOf(user) }))}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Typography variant="body2" color="textSecondary">
            {script.text(t('stewards.intro'))}
          </Typography>
          {branches.isPending ? (
            <Skeleton
              variant="rounded"
              height={48}
              role="status"
              aria-label={t('stewards.button')}
            />
          ) : branches.isError ? (
            <Alert
              severity="error"
              action={
                <Button color="inherit" onClick={() => void branches.refetch()}>
                  {script.text(t('stewards.retry'))}
                </Button>
              }
            >
              {script.text(t('stewards.loadError'))}
            </Alert>
          ) : branches.data.results.length === 0 ? (
            <Typography data-testid="steward-empty">{script.text(t('stewards.empty'))}</Typography>
          ) : (
            <List dense disablePadding data-testid="steward-list">
              {branches.data.results.map((branch) => {
                const label = personLabel(branch.person);
                return (
                  <ListItem
                    key={branch.person.id}
                    divider
                    secondaryAction={
                      <IconButton
                        edge="end"
                        onClick={() => setRemoving(branch)}
                        // An icon only: named in Cyrillic for screen readers in both scripts.
                        aria-label={t('stewards.removeLabel', { name: label })}
                        title={script.plain(t('stewards.removeLabel', { name: label }))}
                      >
                        <DeleteOutlineIcon />
                      </IconButton>
                    }
                  >
                    <ListItemText primary={script.text(label)} />
                  </ListItem>
                );
              })}
            </List>
          )}
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1}
            sx={{ alignItems: { sm: 'flex-start' } }}
          >
            <Stack sx={{ flex: 1 }}>
              <PersonPicker
                value={person}
                onChange={(next) => {
                  setPerson(next);
                  setError(null);
                }}
                label={t('stewards.person')}
                error={error ?? undefined}
                size="small"
              />
            </Stack>
            <Button
              variant="contained"
              onClick={add}
              disabled={person === null || change.isPending}
              {...script.label(t('stewards.add'))}
            >
              {script.text(t('stewards.add'))}
            </Button>
          </Stack>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} {...script.label(t('stewards.close'))}>
          {script.text(t('stewards.close'))}
        </Button>
      </DialogActions>
      <ConfirmDialog
        open={removing !== null}
        title={t('stewards.remove')}
        text={t('stewards.removeQuestion', {
          user: nameOf(user),
          name: removing ? personLabel(removing.person) : '',
        })}
        confirmLabel={t('stewards.remove')}
        danger
        pending={change.isPending}
        onConfirm={remove}
        onClose={() => setRemoving(null)}
      />
    </Dialog>
  );
}

/** The button of a member's row that opens their branches (admins; members, not staff). */
export function StewardBranchesButton({ user }: { user: UserListItem }) {
  const { t } = useTranslation('accounts');
  const script = useScript();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="text"
        onClick={() => setOpen(true)}
        data-testid="steward-branches-button"
        {...script.label(t('stewards.buttonLabel', { name: nameOf(user) }))}
      >
        {script.text(t('stewards.button'))}
      </Button>
      {open ? <StewardBranchesDialog user={user} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
