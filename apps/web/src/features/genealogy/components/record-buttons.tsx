import AddIcon from '@mui/icons-material/Add';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
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

/** Two ways to do one thing ("a file already uploaded" / "upload one"), one chosen. */
export function ChoiceToggle<T extends string>({
  value,
  choices,
  onChange,
}: {
  value: T;
  choices: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
}) {
  const script = useScript();
  return (
    <ToggleButtonGroup
      exclusive
      value={value}
      onChange={(_event, next: T | null) => next && onChange(next)}
      size="small"
      color="primary"
    >
      {choices.map((choice) => (
        <ToggleButton key={choice.value} value={choice.value}>
          {script.text(choice.label)}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
