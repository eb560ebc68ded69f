import { FILE_DESCRIPTION_MAX_LENGTH, FILE_INPUT_ACCEPT, formatFileSize } from '@bagysh/shared';
import type { FileVisibility } from '@bagysh/shared';
import CloseIcon from '@mui/icons-material/Close';
import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useRef, useState, type DragEvent } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { uploadedSize, type FileProblem } from '../lib/upload';
import '../../../lib/i18n/areas/files';
import { useScript } from '../../../lib/script';
import { useFileCategories, useFileLimits } from '../api/files-api';
import { useUploads, type UploadItem } from '../hooks/use-uploads';

function hasFiles(event: DragEvent) {
  return Array.from(event.dataTransfer.types).includes('Files');
}

/** Drag-and-drop zone and picker: several files at once, each with its progress and cancel. */
export function UploadPanel() {
  const { t } = useTranslation('files');
  const script = useScript();
  const limits = useFileLimits();
  const { items, add, cancel, remove, clearFinished } = useUploads(limits.data);
  const [description, setDescription] = useState('');
  const [visibility, setVisibility] = useState<FileVisibility>('members');
  const categories = useFileCategories();
  const [categoryId, setCategoryId] = useState<number | null>(null);
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const labelId = useId();

  const send = (files: FileList | null) => {
    if (!files || files.length === 0) return;
    add(Array.from(files), {
      description: description.trim(),
      visibility,
      category_id: categoryId ?? undefined,
    });
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    send(event.dataTransfer.files);
  };

  const max = limits.data?.max_upload_bytes;
  const hasFinished = items.some((item) => item.status !== 'uploading');

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={labelId}
      sx={{ p: { xs: 2, md: 3 } }}
    >
      <Typography id={labelId} variant="h6" component="h2" sx={{ mb: 2 }}>
        {script.text(t('upload.title'))}
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={{ xs: 2, md: 3 }}>
        <Box
          data-testid="files-dropzone"
          onDragOver={(event) => {
            if (!hasFiles(event)) return;
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          sx={{
            flex: 1,
            minHeight: 160,
            display: 'flex',
            flexDirection: 'column',
            alignItems: 'center',
            justifyContent: 'center',
            gap: 1.5,
            p: 2,
            textAlign: 'center',
            border: '2px dashed',
            borderColor: dragging ? 'primary.main' : 'divider',
            borderRadius: 2,
            bgcolor: dragging ? 'action.hover' : 'transparent',
            transition: 'background-color 150ms, border-color 150ms',
          }}
        >
          <CloudUploadIcon color={dragging ? 'primary' : 'action'} sx={{ fontSize: 40 }} />
          <Typography color="textSecondary">
            {script.text(t(dragging ? 'upload.dropActive' : 'upload.drop'))}
          </Typography>
          <Button
            variant="contained"
            startIcon={<CloudUploadIcon />}
            onClick={() => input.current?.click()}
            {...script.label(t('upload.pick'))}
          >
            {script.text(t('upload.pick'))}
          </Button>
          <input
            ref={input}
            type="file"
            multiple
            hidden
            accept={FILE_INPUT_ACCEPT}
            data-testid="files-input"
            onChange={(event) => {
              send(event.target.files);
              event.target.value = '';
            }}
          />
          {max !== undefined && (
            <Typography variant="body2" color="textSecondary">
              {script.text(t('upload.hint', { max: formatFileSize(max) }))}
            </Typography>
          )}
          {limits.data && limits.data.quota_bytes > 0 && (
            <Typography variant="body2" color="textSecondary">
              {script.text(
                t('upload.quota', {
                  used: formatFileSize(limits.data.used_bytes),
                  quota: formatFileSize(limits.data.quota_bytes),
                }),
              )}
            </Typography>
          )}
        </Box>
        <Stack spacing={2} sx={{ width: { xs: '100%', md: 320 } }}>
          <TextField
            label={script.field(t('upload.description'))}
            helperText={script.text(t('upload.descriptionHint'))}
            value={description}
            onChange={(event) => setDescription(event.target.value)}
            multiline
            minRows={2}
            slotProps={{ htmlInput: { maxLength: FILE_DESCRIPTION_MAX_LENGTH } }}
          />
          {categories.data && categories.data.length > 0 && (
            <TextField
              select
              label={script.field(t('upload.category'))}
              value={categoryId ?? ''}
              onChange={(event) => setCategoryId(Number(event.target.value) || null)}
              data-testid="upload-category"
            >
              <MenuItem value="">{script.text(t('browse.noCategory'))}</MenuItem>
              {categories.data.map((category) => (
                <MenuItem key={category.id} value={category.id}>
                  {script.text(category.name)}
                </MenuItem>
              ))}
            </TextField>
          )}
          <Box>
            <FormLabel id={`${labelId}-visibility`}>
              {script.text(t('upload.visibility'))}
            </FormLabel>
            <RadioGroup
              row
              aria-labelledby={`${labelId}-visibility`}
              value={visibility}
              onChange={(event) => setVisibility(event.target.value as FileVisibility)}
            >
              <FormControlLabel
                value="members"
                control={<Radio />}
                label={script.text(t('visibility.members'))}
              />
              <FormControlLabel
                value="public"
                control={<Radio />}
                label={script.text(t('visibility.public'))}
              />
            </RadioGroup>
          </Box>
        </Stack>
      </Stack>
      {items.length > 0 && (
        <Box sx={{ mt: 2 }}>
          <Box component="ul" aria-live="polite" sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {items.map((item) => (
              <UploadRow
                key={item.key}
                item={item}
                onCancel={() => cancel(item.key)}
                onRemove={() => remove(item.key)}
              />
            ))}
          </Box>
          {hasFinished && (
            <Button size="small" onClick={clearFinished} sx={{ mt: 1 }}>
              {script.text(t('upload.clearDone'))}
            </Button>
          )}
        </Box>
      )}
    </Paper>
  );
}

function problemText(t: TFunction<'files'>, problem: FileProblem): string {
  const values = problem.values ?? {};
  switch (problem.key) {
    case 'upload.tooLarge':
      return t('upload.tooLarge', { size: values.size ?? '', max: values.max ?? '' });
    case 'upload.overQuota':
      return t('upload.overQuota', { left: values.left ?? '' });
    case 'upload.badType':
      return t('upload.badType');
    case 'upload.empty':
      return t('upload.empty');
  }
}

function UploadRow({
  item,
  onCancel,
  onRemove,
}: {
  item: UploadItem;
  onCancel: () => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation('files');
  const script = useScript();
  const percent = Math.round(item.progress * 100);
  let status: string;
  if (item.status === 'uploading') status = t('upload.progress', { percent });
  else if (item.status === 'done') status = t('upload.done');
  else if (item.status === 'cancelled') status = t('upload.cancelled');
  else if (item.problem) status = problemText(t, item.problem);
  else status = item.message ?? t('upload.network');

  return (
    <Box
      component="li"
      data-testid="upload-item"
      data-status={item.status}
      sx={{ py: 1, borderTop: '1px solid', borderColor: 'divider' }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography noWrap title={item.name} sx={{ fontWeight: 500 }}>
            <span>{script.text(item.name)}</span>
            <Typography component="span" variant="body2" color="textSecondary" sx={{ ml: 1 }}>
              {formatFileSize(uploadedSize(item))}
            </Typography>
          </Typography>
          <Typography
            variant="body2"
            role={item.status === 'error' ? 'alert' : undefined}
            color={
              item.status === 'error'
                ? 'error'
                : item.status === 'done'
                  ? 'success.main'
                  : 'text.secondary'
            }
          >
            {script.text(status)}
          </Typography>
        </Box>
        {item.status === 'uploading' ? (
          <IconButton onClick={onCancel} aria-label={t('upload.cancel')} title={t('upload.cancel')}>
            <CloseIcon />
          </IconButton>
        ) : (
          <IconButton onClick={onRemove} aria-label={t('upload.remove')} title={t('upload.remove')}>
            <CloseIcon fontSize="small" />
          </IconButton>
        )}
      </Stack>
      {(item.status === 'uploading' || item.status === 'done') && (
        <LinearProgress
          variant="determinate"
          value={percent}
          aria-label={item.name}
          color={item.status === 'done' ? 'success' : 'primary'}
          sx={{ mt: 0.5 }}
        />
      )}
    </Box>
  );
}
