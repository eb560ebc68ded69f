import {
  FILE_DESCRIPTION_MAX_LENGTH,
  FILE_NAME_MAX_LENGTH,
  FileUpdateInput,
  type FileInfo,
  type FileVisibility,
} from '@bagysh/shared';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import '../../../lib/i18n/areas/files';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useScript } from '../../../lib/script';
import { popupLayer } from '../../../lib/overlay-layer';
import { useOverlay } from '../../../lib/use-overlay';
import { useFileCategories, useUpdateFile } from '../api/files-api';

type Errors = Record<string, string | undefined>;

/** Name, description, category and visibility of a file (owner or moderator). */
export function EditFileDialog({ file, onClose }: { file: FileInfo; onClose: () => void }) {
  const { t } = useTranslation('files');
  const script = useScript();
  const titleId = useId();
  const categories = useFileCategories();
  const update = useUpdateFile();
  const overlay = useOverlay({ open: true, onClose, persistent: update.isPending });
  const [name, setName] = useState(file.name);
  const [description, setDescription] = useState(file.description);
  const [categoryId, setCategoryId] = useState<number | null>(file.category_id);
  const [visibility, setVisibility] = useState<FileVisibility>(file.visibility);
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = FileUpdateInput.safeParse({
      name,
      description,
      category_id: categoryId,
      visibility,
    });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) next[String(issue.path[0])] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    setFormError(null);
    update.mutate(
      { id: file.id, input: parsed.data },
      {
        onSuccess: () => {
          void notify(t('edit.saved'), { type: 'success' });
          onClose();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 400) {
            const next: Errors = {};
            for (const [field, messages] of Object.entries(error.fieldErrors))
              next[field] = messages[0];
            setErrors(next);
            if (next.non_field_errors) setFormError(next.non_field_errors);
          } else {
            setFormError(error.message);
          }
        },
      },
    );
  };

  const categoryList = categories.data ?? [];
  const hasCurrentCategory =
    categoryId === null || categoryList.some((category) => category.id === categoryId);

  return (
    <Dialog
      open
      onClose={overlay.handleClose}
      sx={{ zIndex: overlay.zIndex }}
      slotProps={{
        paper: { ref: overlay.contentRef, component: 'form', onSubmit: submit } as object,
      }}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id={titleId}>{script.text(t('edit.title'))}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {formError && <Alert severity="error">{script.text(formError)}</Alert>}
          <TextField
            label={script.field(t('edit.name'))}
            value={name}
            onChange={(event) => setName(event.target.value)}
            error={Boolean(errors.name)}
            helperText={errors.name ? script.text(errors.name) : undefined}
            required
            slotProps={{ htmlInput: { maxLength: FILE_NAME_MAX_LENGTH } }}
          />
          <TextField
            label={script.field(t('edit.description'))}
            value={description}
            onChange={(event) => setDescription(event.target.value)}
            error={Boolean(errors.description)}
            helperText={errors.description ? script.text(errors.description) : undefined}
            multiline
            minRows={3}
            slotProps={{ htmlInput: { maxLength: FILE_DESCRIPTION_MAX_LENGTH } }}
          />
          <TextField
            select
            label={script.field(t('edit.category'))}
            value={hasCurrentCategory ? (categoryId ?? '') : ''}
            onChange={(event) => setCategoryId(Number(event.target.value) || null)}
            error={Boolean(errors.category_id)}
            helperText={errors.category_id ? script.text(errors.category_id) : undefined}
            disabled={categories.isPending}
            slotProps={{
              select: { ...popupLayer(overlay.zIndex).select, displayEmpty: true },
              inputLabel: { shrink: true },
            }}
          >
            <MenuItem value="">{script.text(t('browse.noCategory'))}</MenuItem>
            {categoryList.map((category) => (
              <MenuItem key={category.id} value={category.id}>
                {script.text(category.name)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label={script.field(t('edit.visibility'))}
            value={visibility}
            onChange={(event) => setVisibility(event.target.value as FileVisibility)}
            error={Boolean(errors.visibility)}
            helperText={errors.visibility ? script.text(errors.visibility) : undefined}
            slotProps={{ select: popupLayer(overlay.zIndex).select }}
          >
            <MenuItem value="members">{script.text(t('visibility.members'))}</MenuItem>
            <MenuItem value="public">{script.text(t('visibility.public'))}</MenuItem>
          </TextField>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button
          onClick={onClose}
          disabled={update.isPending}
          {...script.label(t('actions.cancel'))}
        >
          {script.text(t('actions.cancel'))}
        </Button>
        <Button
          type="submit"
          variant="contained"
          loading={update.isPending}
          {...script.label(t('actions.save'))}
        >
          {script.text(t('actions.save'))}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
