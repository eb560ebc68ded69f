import type { Revision } from '@bagysh/shared';
import Box from '@mui/material/Box';
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
  // A photo is a file id: the moderator sees the picture, not the number.
  const value = (field: string, shown: string) =>
    field === 'photo_file_id' && /^\d+$/.test(shown) ? (
      <Box
        component="img"
        src={`/api/files/${shown}/download/`}
        alt={`${label(field)} ${shown}`}
        data-testid="diff-photo"
        sx={{ display: 'block', height: 72, maxWidth: 120, objectFit: 'cover', borderRadius: 1 }}
      />
    ) : (
      script.text(shown)
    );
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
            <TableCell sx={{ color: 'error.main' }}>{value(row.field, row.before)}</TableCell>
            <TableCell sx={{ color: 'success.main' }}>{value(row.field, row.after)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
