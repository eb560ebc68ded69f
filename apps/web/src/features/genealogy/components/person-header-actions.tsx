import MoreVertIcon from '@mui/icons-material/MoreVert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LinkButton } from '../../../components/link-button';
import { OverlayLink } from '../../../components/overlay-link';
import { OverlayMenu } from '../../../components/overlay-menu';
import '../../../lib/i18n/areas/person';
import { useScript } from '../../../lib/script';
import { useMediaQuery, widthBelow } from '../../../lib/use-media-query';

/** One action of the person page's header: a link (`to`) or a button (`onClick`). */
export interface HeaderAction {
  key: string;
  label: string;
  to?: string;
  onClick?: () => void;
  variant?: 'contained' | 'outlined';
  danger?: boolean;
  disabled?: boolean;
  testId?: string;
  /** Stays a button on a phone; the others go into the "more" menu. */
  primary?: boolean;
}

/**
 * The header's actions: buttons side by side from md up; below it (a phone, up to ten
 * buttons wrapped over several rows) the primary ones stay buttons and the rest open from a
 * menu button, by keyboard as MUI's Menu gives it (arrows, Enter, Escape back to the button).
 */
export function PersonHeaderActions({ actions }: { actions: readonly HeaderAction[] }) {
  const { t } = useTranslation('person');
  const script = useScript();
  const narrow = useMediaQuery(widthBelow('md'));
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const shown = narrow ? actions.filter((action) => action.primary) : actions;
  const hidden = narrow ? actions.filter((action) => !action.primary) : [];

  return (
    <>
      {shown.map((action) =>
        action.to ? (
          <LinkButton
            key={action.key}
            to={action.to}
            variant={action.variant ?? 'outlined'}
            data-testid={action.testId}
            {...script.label(action.label)}
          >
            {script.text(action.label)}
          </LinkButton>
        ) : (
          <Button
            key={action.key}
            variant={action.variant ?? 'outlined'}
            color={action.danger ? 'error' : 'primary'}
            disabled={action.disabled}
            onClick={action.onClick}
            data-testid={action.testId}
            {...script.label(action.label)}
          >
            {script.text(action.label)}
          </Button>
        ),
      )}
      {hidden.length > 0 && (
        <>
          <IconButton
            aria-label={t('edit.more')}
            title={t('edit.more')}
            aria-haspopup="menu"
            aria-controls={anchor ? menuId : undefined}
            aria-expanded={anchor ? 'true' : undefined}
            onClick={(event) => setAnchor(event.currentTarget)}
            data-testid="person-actions-more"
            sx={{ border: 1, borderColor: 'divider', borderRadius: 2 }}
          >
            <MoreVertIcon />
          </IconButton>
          <OverlayMenu
            id={menuId}
            anchor={anchor}
            onClose={() => setAnchor(null)}
            data-testid="person-actions-menu"
          >
            {hidden.map((action) => {
              const common = {
                disabled: action.disabled,
                'data-testid': action.testId,
                sx: action.danger ? { color: 'error.main' } : undefined,
                // Runes are not read aloud: the Cyrillic name for screen readers.
                ...script.label(action.label),
              };
              return action.to ? (
                <MenuItem
                  key={action.key}
                  component={OverlayLink}
                  to={action.to}
                  onNavigate={() => setAnchor(null)}
                  {...common}
                >
                  {script.text(action.label)}
                </MenuItem>
              ) : (
                <MenuItem
                  key={action.key}
                  onClick={() => {
                    setAnchor(null);
                    action.onClick?.();
                  }}
                  {...common}
                >
                  {script.text(action.label)}
                </MenuItem>
              );
            })}
          </OverlayMenu>
        </>
      )}
    </>
  );
}
