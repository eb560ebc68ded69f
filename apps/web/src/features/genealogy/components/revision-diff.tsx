import type { Revision } from '@bagysh/shared';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { useScript } from '../../../lib/script';
import { revisionDiff } from '../lib/diff';

/** A revision's before/after table, field by field. */
export function RevisionDiff({ revision }: { revision: Revision }) {
  const { t } = useTranslation('genealogy');
  const script = useScript();
  const rows = revisionDiff(revision);
  const label = (field: string) => t(`fieldNames.${field}`, { defaultValue: field });
  return (
    <Table size="small" sx={{ '& td': { verticalAlign: 'top', wordBreak: 'break-word' } }}>
      <TableHead>
        <TableRow>
          <TableCell>{script.text(t('diff.field'))}</TableCell>
          <TableCell>{script.text(t('diff.before'))}</TableCell>
          <TableCell>{script.text(t('diff.after'))}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.field}>
            <TableCell>{script.text(label(row.field))}</TableCell>
            <TableCell sx={{ color: 'error.main' }}>{script.text(row.before)}</TableCell>
            <TableCell sx={{ color: 'success.main' }}>{script.text(row.after)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
