import type { FollowScope } from '@bagysh/shared';
import Button from '@mui/material/Button';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../../../lib/i18n/areas/notices';
import { notify } from '../../../lib/notify';
import { useScript } from '../../../lib/script';
import { useSessionStore } from '../../../lib/session-store';
import { useFollow, useSetFollow } from '../api/notices';

/**
 * "Көз салуу" on a person's page (signed-in readers): follow the person alone or the branch
 * (the person and their descendants), or stop; the weekly digest tells what changed.
 */
export function FollowButton({ personId }: { personId: number }) {
  const logged = useSessionStore((state) => state.logged);
  return logged ? <FollowMenu personId={personId} /> : null;
}

function FollowMenu({ personId }: { personId: number }) {
  const { t } = useTranslation('notices');
  const script = useScript();
  const follow = useFollow(personId);
  const setFollow = useSetFollow(personId);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const scope = follow.data?.scope ?? null;
  const label = scope ? t('follow.following') : t('follow.action');

  const choose = (next: FollowScope | null) => {
    setAnchor(null);
    setFollow.mutate(next, {
      onSuccess: () =>
        void notify(
          next === null
            ? t('follow.stopped')
            : next === 'branch'
              ? t('follow.startedBranch')
              : t('follow.startedPerson'),
          { type: 'success' },
        ),
    });
  };

  return (
    <>
      <Button
        variant={scope ? 'contained' : 'outlined'}
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        aria-controls={anchor ? menuId : undefined}
        disabled={follow.isPending || setFollow.isPending}
        onClick={(event) => setAnchor(event.currentTarget)}
        data-testid="follow-button"
        data-scope={scope ?? 'none'}
        {...script.label(label)}
      >
        {script.text(label)}
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {(['person', 'branch'] as const).map((option) => (
          <MenuItem
            key={option}
            selected={scope === option}
            onClick={() => choose(option)}
            data-testid={`follow-${option}`}
            {...script.label(t(`follow.${option}`))}
          >
            <ListItemText
              primary={script.text(t(`follow.${option}`))}
              secondary={option === 'branch' ? script.text(t('follow.hint')) : undefined}
            />
          </MenuItem>
        ))}
        {scope && (
          <MenuItem
            onClick={() => choose(null)}
            data-testid="follow-stop"
            {...script.label(t('follow.stop'))}
          >
            {script.text(t('follow.stop'))}
          </MenuItem>
        )}
      </Menu>
    </>
  );
}
