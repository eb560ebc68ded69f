import AddIcon from '@mui/icons-material/Add';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import { useScript } from '../../../lib/script';

/** A section's button that opens a record editor ("Окуя кошуу"). */
export function SectionButton({
  label,
  onClick,
  testId,
}: {
  label: string;
  onClick: () => void;
  testId?: string;
}) {
  const script = useScript();
  return (
    <Button
      size="small"
      variant="outlined"
      startIcon={<AddIcon />}
      onClick={onClick}
      data-testid={testId}
      {...script.label(label)}
    >
      {script.text(label)}
    </Button>
  );
}

/** Edit or remove beside one record; its name (Cyrillic, for screen readers) says which. */
export function RowButton({
  label,
  kind,
  onClick,
}: {
  label: string;
  kind: 'edit' | 'remove';
  onClick: () => void;
}) {
  return (
    <IconButton
      size="small"
      aria-label={label}
      title={label}
      onClick={onClick}
      data-action={kind}
      sx={{ p: 1 }}
    >
      {kind === 'edit' ? (
        <EditOutlinedIcon fontSize="small" />
      ) : (
        <DeleteOutlinedIcon fontSize="small" />
      )}
    </IconButton>
  );
}
