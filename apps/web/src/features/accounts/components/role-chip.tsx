import type { Role } from '@bagysh/shared';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import '../../../lib/i18n/areas/accounts';
import { useScript } from '../../../lib/script';

/**
 * Marks the roles admin and moderator (docs/product.md, Header and navigation); members get
 * nothing.
 */
export function RoleChip({ role, always = false }: { role: Role; always?: boolean }) {
  const { t } = useTranslation('accounts');
  const script = useScript();
  if (role === 'user' && !always) return null;
  const label = t(`roles.${role}`);
  return (
    <Chip
      size="small"
      label={script.text(label)}
      data-role={role}
      color={role === 'admin' ? 'primary' : role === 'moderator' ? 'secondary' : 'default'}
      variant={role === 'user' ? 'outlined' : 'filled'}
      {...script.label(label)}
    />
  );
}
