import AddPhotoAlternateIcon from '@mui/icons-material/AddPhotoAlternate';
import DeleteIcon from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { useScript } from '../../../lib/script';
import { uploadPublicImage } from '../api/images';
import '../../../lib/i18n/areas/content';

export interface UploadedImage {
  id: number;
  url: string;
}

/** A cover or a photo: uploaded at once as a public image; shows a preview and can be removed. */
export function CoverUpload({
  value,
  onChange,
  label,
  testId = 'cover-input',
  height = 180,
}: {
  value: UploadedImage | null;
  onChange: (image: UploadedImage | null) => void;
  label: string;
  testId?: string;
  height?: number;
}) {
  const { t } = useTranslation('content');
  const script = useScript();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const labelId = useId();

  const upload = async (file: File) => {
    setBusy(true);
    setError('');
    try {
      const saved = await uploadPublicImage(file);
      onChange({ id: saved.id, url: saved.url });
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : t('common.retry'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box role="group" aria-labelledby={labelId}>
      <Typography id={labelId} variant="body2" color="textSecondary" sx={{ mb: 0.5 }}>
        {script.text(label)}
      </Typography>
      {value && (
        <Box
          component="img"
          src={value.url}
          alt=""
          sx={{
            display: 'block',
            maxWidth: '100%',
            height,
            objectFit: 'cover',
            borderRadius: 1,
            mb: 1,
          }}
        />
      )}
      <Stack direction="row" spacing={1}>
        <Button
          variant="outlined"
          startIcon={<AddPhotoAlternateIcon />}
          loading={busy}
          onClick={() => input.current?.click()}
          {...script.label(value ? t('post.coverChange') : t('common.upload'))}
        >
          {script.text(value ? t('post.coverChange') : t('common.upload'))}
        </Button>
        {value && (
          <Button
            color="error"
            startIcon={<DeleteIcon />}
            onClick={() => onChange(null)}
            {...script.label(t('common.remove'))}
          >
            {script.text(t('common.remove'))}
          </Button>
        )}
      </Stack>
      <input
        ref={input}
        type="file"
        accept="image/*"
        hidden
        data-testid={testId}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void upload(file);
        }}
      />
      {error && <FormHelperText error>{script.text(error)}</FormHelperText>}
    </Box>
  );
}
