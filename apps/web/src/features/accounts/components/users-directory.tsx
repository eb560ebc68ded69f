import {
  hasRole,
  ROLES,
  RoleSchema,
  type AdminResetLink,
  type Role,
  type UserListItem,
} from '@bagysh/shared';
import SearchIcon from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import MenuItem from '@mui/material/MenuItem';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import '../../../lib/i18n/areas/accounts';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useScript } from '../../../lib/script';
import { useSessionStore } from '../../../lib/session-store';
import { useMakeResetLink } from '../api/account-links';
import { useMe } from '../api/session';
import { USERS_PAGE_SIZE, useUpdateUser, useUsers } from '../api/users';
import { formatDateTime } from '../../../lib/dates';
import { RoleChip } from './role-chip';
import { UserAvatar } from './user-avatar';

type Pending =
  | { kind: 'role'; user: UserListItem; role: Role }
  | { kind: 'block'; user: UserListItem; block: boolean }
  | { kind: 'link'; user: UserListItem };

/** The signed-in user's role: the stored one at once, then the fresh one from GET user/. */
function useMyRole(): { id: number | null; role: Role } {
  useMe();
  const user = useSessionStore((state) => state.user);
  const role = RoleSchema.safeParse(user?.role);
  return {
    id: typeof user?.id === 'number' ? user.id : null,
    role: role.success ? role.data : 'user',
  };
}

function displayName(user: UserListItem): string {
  return user.full_name || user.username;
}

/** More controls of a row, given by the page (the admin's branches of a member). */
export type UserRowActions = (
  user: UserListItem,
  me: { id: number | null; role: Role },
) => ReactNode;

function UserRow({
  user,
  me,
  onAction,
  actions,
}: {
  user: UserListItem;
  me: { id: number | null; role: Role };
  onAction: (pending: Pending) => void;
  actions?: UserRowActions;
}) {
  const { t } = useTranslation('accounts');
  const script = useScript();
  const isSelf = user.id === me.id;
  const isStaff = hasRole(me.role, 'moderator');
  const canRole = me.role === 'admin' && !isSelf;
  const canBlock = isStaff && !isSelf && user.is_active !== undefined;
  // For a member who cannot receive a reset mail: shown once, passed on by the admin.
  const canLink = me.role === 'admin' && !isSelf;
  const more = actions?.(user, me) ?? null;
  const lastSeen = user.last_seen_at
    ? t('users.lastSeen', { date: formatDateTime(user.last_seen_at) })
    : user.is_active !== undefined
      ? t('users.never')
      : null;

  return (
    <ListItem
      divider
      data-testid="user-row"
      data-username={user.username}
      sx={{
        gap: 2,
        py: 1.5,
        flexWrap: { xs: 'wrap', md: 'nowrap' },
        alignItems: 'center',
        opacity: user.is_active === false ? 0.7 : 1,
      }}
    >
      <UserAvatar
        name={displayName(user)}
        src={user.avatar}
        online={user.online}
        onlineLabel={user.online ? t('users.online') : t('users.offline')}
      />
      <Box sx={{ flex: 1, minWidth: 160 }}>
        <Stack
          direction="row"
          spacing={1}
          sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 0.5 }}
        >
          <Typography sx={{ fontWeight: 600, wordBreak: 'break-word' }}>
            {script.text(displayName(user))}
          </Typography>
          <RoleChip role={user.role} />
          {isSelf ? (
            <Chip size="small" variant="outlined" label={script.text(t('users.you'))} />
          ) : null}
          {user.is_active === false ? (
            <Chip
              size="small"
              color="error"
              variant="outlined"
              label={script.text(t('users.blocked'))}
            />
          ) : null}
        </Stack>
        <Typography variant="body2" color="textSecondary" sx={{ wordBreak: 'break-word' }}>
          @{script.text(user.username)}
          {user.email ? ` · ${user.email}` : ''}
        </Typography>
        {lastSeen ? (
          <Typography variant="caption" color="textSecondary">
            {script.text(user.online ? t('users.online') : lastSeen)}
          </Typography>
        ) : null}
      </Box>
      {canRole || canBlock || canLink || more !== null ? (
        <Stack
          direction="row"
          spacing={1}
          sx={{
            alignItems: 'center',
            width: { xs: '100%', md: 'auto' },
            justifyContent: 'flex-end',
            flexWrap: 'wrap',
            gap: 1,
          }}
        >
          {canRole ? (
            <TextField
              select
              size="small"
              label={script.field(t('users.role'))}
              value={user.role}
              onChange={(event) => {
                const role = RoleSchema.safeParse(event.target.value);
                if (role.success && role.data !== user.role)
                  onAction({ kind: 'role', user, role: role.data });
              }}
              sx={{ minWidth: 170 }}
              slotProps={{ htmlInput: { 'data-testid': 'role-select' } }}
            >
              {ROLES.map((role) => (
                <MenuItem key={role} value={role}>
                  {script.text(t(`roles.${role}`))}
                </MenuItem>
              ))}
            </TextField>
          ) : null}
          {canBlock ? (
            <Button
              variant="outlined"
              color={user.is_active ? 'error' : 'primary'}
              onClick={() => onAction({ kind: 'block', user, block: Boolean(user.is_active) })}
              {...script.label(user.is_active ? t('users.block') : t('users.unblock'))}
            >
              {script.text(user.is_active ? t('users.block') : t('users.unblock'))}
            </Button>
          ) : null}
          {canLink ? (
            <Button
              variant="text"
              onClick={() => onAction({ kind: 'link', user })}
              data-testid="reset-link"
              {...script.label(t('resetLink.make'))}
            >
              {script.text(t('resetLink.make'))}
            </Button>
          ) : null}
          {more}
        </Stack>
      ) : null}
    </ListItem>
  );
}

/** The link an admin made, shown this once (only its hash is kept). */
function ResetLinkDialog({ link, onClose }: { link: AdminResetLink | null; onClose: () => void }) {
  const { t } = useTranslation('accounts');
  const script = useScript();
  const copy = () => {
    if (!link) return;
    void navigator.clipboard
      .writeText(link.url)
      .then(() => notify(t('resetLink.copied'), { type: 'success' }));
  };
  return (
    <Dialog open={link !== null} onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{script.text(t('resetLink.title'))}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Typography variant="body2">
            {script.text(
              t('resetLink.shownOnce', {
                date: link ? formatDateTime(link.expires_at) : '',
              }),
            )}
          </Typography>
          <TextField
            value={link?.url ?? ''}
            label={script.field(t('resetLink.title'))}
            multiline
            fullWidth
            slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'reset-link-url' } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={copy} {...script.label(t('resetLink.copy'))}>
          {script.text(t('resetLink.copy'))}
        </Button>
        <Button variant="contained" onClick={onClose} {...script.label(t('resetLink.close'))}>
          {script.text(t('resetLink.close'))}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Waits a moment after typing before searching. */
function useDebounced(value: string, ms = 300): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/**
 * The members directory with search and pages; staff get role and block controls, and each row
 * the page's `rowActions`.
 */
export function UsersDirectory({ rowActions }: { rowActions?: UserRowActions } = {}) {
  const { t } = useTranslation('accounts');
  const script = useScript();
  const me = useMyRole();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [search, setSearch] = useState(params.get('q') ?? '');
  const q = useDebounced(search.trim());
  const users = useUsers({ page, q: q || undefined });
  const update = useUpdateUser();
  const makeLink = useMakeResetLink();
  const [link, setLink] = useState<AdminResetLink | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    const current = params.get('q') ?? '';
    if (current === q) return;
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (q) next.set('q', q);
        else next.delete('q');
        next.delete('page');
        return next;
      },
      { replace: true },
    );
  }, [q, params, setParams]);

  const setPage = (value: number) =>
    setParams((previous) => {
      const next = new URLSearchParams(previous);
      if (value > 1) next.set('page', String(value));
      else next.delete('page');
      return next;
    });

  const ask = (value: Pending) => {
    setPending(value);
    setOpen(true);
  };

  const confirm = () => {
    if (!pending) return;
    if (pending.kind === 'link') {
      makeLink.mutate(pending.user.id, {
        onSuccess: (made) => {
          setOpen(false);
          setLink(made);
        },
        onError: (error) => {
          setOpen(false);
          void notify(error instanceof ApiError ? error.message : t('users.loadError'), {
            type: 'error',
          });
        },
      });
      return;
    }
    const input = pending.kind === 'role' ? { role: pending.role } : { is_active: !pending.block };
    update.mutate(
      { id: pending.user.id, input },
      {
        onSuccess: () => {
          setOpen(false);
          void notify(t('users.done'), { type: 'success' });
        },
        onError: (error) => {
          setOpen(false);
          void notify(error instanceof ApiError ? error.message : t('users.loadError'), {
            type: 'error',
          });
        },
      },
    );
  };

  const name = pending ? displayName(pending.user) : '';
  const question =
    pending?.kind === 'role'
      ? t('users.roleQuestion', { name, role: t(`roles.${pending.role}`) })
      : pending?.kind === 'link'
        ? t('resetLink.question', { name })
        : pending?.block
          ? t('users.blockQuestion', { name })
          : t('users.unblockQuestion', { name });
  const dialogTitle =
    pending?.kind === 'role'
      ? t('users.changeRole')
      : pending?.kind === 'link'
        ? t('resetLink.make')
        : pending?.block
          ? t('users.block')
          : t('users.unblock');

  const pages = users.data ? Math.max(1, Math.ceil(users.data.count / USERS_PAGE_SIZE)) : 1;

  return (
    <Stack spacing={2} sx={{ mt: 3 }}>
      <TextField
        type="search"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        label={script.field(t('users.search'))}
        placeholder={script.plain(t('users.searchPlaceholder'))}
        sx={{ maxWidth: 480 }}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon />
              </InputAdornment>
            ),
          },
        }}
      />
      {users.isPending ? (
        <Paper variant="outlined" aria-busy="true">
          {[0, 1, 2, 3, 4].map((key) => (
            <Stack key={key} direction="row" spacing={2} sx={{ p: 2, alignItems: 'center' }}>
              <Skeleton variant="circular" width={40} height={40} />
              <Box sx={{ flex: 1 }}>
                <Skeleton width="40%" />
                <Skeleton width="25%" />
              </Box>
            </Stack>
          ))}
        </Paper>
      ) : users.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" onClick={() => void users.refetch()}>
              {script.text(t('users.retry'))}
            </Button>
          }
        >
          {script.text(users.error.message || t('users.loadError'))}
        </Alert>
      ) : users.data.results.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
          <Typography color="textSecondary">{script.text(t('users.empty'))}</Typography>
        </Paper>
      ) : (
        <>
          <Typography variant="body2" color="textSecondary">
            {script.text(t('users.total', { count: users.data.count }))}
          </Typography>
          <Paper variant="outlined" sx={{ opacity: users.isPlaceholderData ? 0.6 : 1 }}>
            <List disablePadding>
              {users.data.results.map((user) => (
                <UserRow key={user.id} user={user} me={me} onAction={ask} actions={rowActions} />
              ))}
            </List>
          </Paper>
          {pages > 1 ? (
            <Pagination
              count={pages}
              page={Math.min(page, pages)}
              onChange={(_event, value) => setPage(value)}
              sx={{ alignSelf: 'center' }}
            />
          ) : null}
        </>
      )}
      <ConfirmDialog
        open={open}
        title={dialogTitle}
        text={question}
        confirmLabel={t('users.confirm')}
        pending={update.isPending || makeLink.isPending}
        onConfirm={confirm}
        onClose={() => setOpen(false)}
      />
      <ResetLinkDialog link={link} onClose={() => setLink(null)} />
    </Stack>
  );
}
