import {
  CATEGORY_KINDS,
  CategoryInput,
  contentLimits,
  type Category,
  type CategoryKind,
} from '@bagysh/shared';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useScript } from '../../../lib/script';
import { popupLayer } from '../../../lib/overlay-layer';
import { useOverlay } from '../../../lib/use-overlay';
import { useCategories, useDeleteCategory, useSaveCategory } from '../api/categories';
import { useHasRole } from '../hooks/use-role';
import { apiFieldErrors, zodFieldErrors, type FieldErrors } from '../lib/field-errors';
import { pageCount } from '../lib/format';
import { Pager } from './pager';
import { EmptyState, LoadError, Loading } from './query-state';
import '../../../lib/i18n/areas/content';

const PAGE_SIZE = 20;

function CategoryDialog({
  open,
  category,
  defaultKind,
  onClose,
}: {
  open: boolean;
  category: Category | null;
  defaultKind: CategoryKind;
  onClose: () => void;
}) {
  const { t } = useTranslation('content');
  const script = useScript();
  const overlay = useOverlay({ open, onClose });
  const titleId = useId();
  const save = useSaveCategory();
  const [form, setForm] = useState({
    name: category?.name ?? '',
    slug: category?.slug ?? '',
    description: category?.description ?? '',
    kind: category?.kind ?? defaultKind,
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const set = (key: keyof typeof form, value: string) => {
    setForm((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: '' }));
  };

  const submit = async () => {
    const parsed = CategoryInput.safeParse({ ...form, slug: form.slug.trim() || undefined });
    if (!parsed.success) return setErrors(zodFieldErrors(parsed.error));
    try {
      await save.mutateAsync({ id: category?.id ?? null, input: parsed.data });
      void notify(t('common.saved'), { type: 'success' });
      onClose();
    } catch (error) {
      const fields = apiFieldErrors(error);
      if (Object.keys(fields).length) setErrors(fields);
      else setErrors({ '': error instanceof ApiError ? error.message : t('common.retry') });
    }
  };

  const title = category ? t('categories.edit') : t('categories.add');
  return (
    <Dialog
      open={open}
      onClose={overlay.handleClose}
      sx={{ zIndex: overlay.zIndex }}
      slotProps={{
        paper: {
          ref: overlay.contentRef,
          component: 'form',
          noValidate: true,
          onSubmit: (event: React.FormEvent) => {
            event.preventDefault();
            void submit();
          },
        } as object,
      }}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id={titleId}>{script.text(title)}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {errors[''] && <Alert severity="error">{script.text(errors[''])}</Alert>}
          <TextField
            autoFocus
            label={script.field(t('categories.name'))}
            value={form.name}
            required
            onChange={(e) => set('name', e.target.value)}
            error={Boolean(errors.name)}
            helperText={errors.name ? script.text(errors.name) : undefined}
            slotProps={{ htmlInput: { maxLength: contentLimits.categoryName } }}
          />
          <TextField
            label={script.field(t('categories.slug'))}
            value={form.slug}
            onChange={(e) => set('slug', e.target.value)}
            error={Boolean(errors.slug)}
            helperText={script.text(errors.slug || t('categories.slugHint'))}
            slotProps={{ htmlInput: { maxLength: contentLimits.categorySlug } }}
          />
          <TextField
            select
            label={script.field(t('categories.kind'))}
            value={form.kind}
            onChange={(e) => set('kind', e.target.value)}
            error={Boolean(errors.kind)}
            helperText={errors.kind ? script.text(errors.kind) : undefined}
            slotProps={{ select: popupLayer(overlay.zIndex).select }}
          >
            {CATEGORY_KINDS.map((kind) => (
              <MenuItem key={kind} value={kind}>
                {script.text(t(`categories.kinds.${kind}`))}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={script.field(t('categories.description'))}
            value={form.description}
            multiline
            minRows={2}
            onChange={(e) => set('description', e.target.value)}
            error={Boolean(errors.description)}
            helperText={errors.description ? script.text(errors.description) : undefined}
            slotProps={{ htmlInput: { maxLength: contentLimits.categoryDescription } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} {...script.label(t('common.cancel'))}>
          {script.text(t('common.cancel'))}
        </Button>
        <Button
          type="submit"
          variant="contained"
          disableElevation
          loading={save.isPending}
          {...script.label(t('common.save'))}
        >
          {script.text(t('common.save'))}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Категориялар: read for members; moderators and admins add, edit and delete. */
export function CategoriesPage() {
  const { t } = useTranslation('content');
  const script = useScript();
  const moderator = useHasRole('moderator');
  const [kind, setKind] = useState<CategoryKind | 'all'>('all');
  const [page, setPage] = useState(1);
  const list = useCategories(kind === 'all' ? undefined : kind, { page, pageSize: PAGE_SIZE });
  const remove = useDeleteCategory();
  const [dialog, setDialog] = useState<{ category: Category | null; n: number } | null>(null);
  const [deleting, setDeleting] = useState<Category | null>(null);
  const [inUse, setInUse] = useState('');

  const onDelete = async (moveToNone: boolean) => {
    if (!deleting) return;
    try {
      await remove.mutateAsync({ id: deleting.id, moveToNone });
      void notify(t('common.deleted'), { type: 'success' });
      setDeleting(null);
      setInUse('');
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) setInUse(error.message);
      else
        void notify(error instanceof ApiError ? error.message : 'errors.generic', {
          type: 'error',
        });
    }
  };

  return (
    <Box>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ mt: 2, mb: 2, justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <ToggleButtonGroup
          exclusive
          size="small"
          value={kind}
          onChange={(_e, next: CategoryKind | 'all' | null) => {
            if (next) {
              setKind(next);
              setPage(1);
            }
          }}
          sx={{ flexWrap: 'wrap' }}
        >
          <ToggleButton value="all">{script.text(t('common.all'))}</ToggleButton>
          {CATEGORY_KINDS.map((k) => (
            <ToggleButton key={k} value={k}>
              {script.text(t(`categories.kinds.${k}`))}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        {moderator && (
          <Button
            variant="contained"
            disableElevation
            startIcon={<AddIcon />}
            onClick={() => setDialog({ category: null, n: Date.now() })}
            {...script.label(t('categories.add'))}
          >
            {script.text(t('categories.add'))}
          </Button>
        )}
      </Stack>
      {!moderator && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {script.text(t('categories.readOnly'))}
        </Alert>
      )}
      {list.isError && !list.data ? (
        <LoadError error={list.error} onRetry={() => void list.refetch()} />
      ) : !list.data ? (
        <Loading />
      ) : list.data.results.length === 0 ? (
        <EmptyState text={t('categories.empty')} />
      ) : (
        <Stack spacing={1} data-testid="categories">
          {list.data.results.map((category) => (
            <Paper
              key={category.id}
              variant="outlined"
              sx={{ p: 2, display: 'flex', gap: 1, alignItems: 'flex-start' }}
              data-testid="category"
            >
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Stack
                  direction="row"
                  spacing={1}
                  sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}
                >
                  <Typography sx={{ fontWeight: 700 }}>{script.text(category.name)}</Typography>
                  <Chip size="small" label={script.text(t(`categories.kinds.${category.kind}`))} />
                  {/* The slug (the web address part) is the editors' concern only. */}
                  {moderator && (
                    <Typography
                      variant="body2"
                      color="textSecondary"
                      sx={{ fontFamily: 'monospace' }}
                    >
                      {category.slug}
                    </Typography>
                  )}
                </Stack>
                {category.description && (
                  <Typography
                    variant="body2"
                    color="textSecondary"
                    sx={{ mt: 0.5, overflowWrap: 'anywhere' }}
                  >
                    {script.text(category.description)}
                  </Typography>
                )}
              </Box>
              {moderator && (
                <>
                  <IconButton
                    aria-label={`${t('common.edit')}: ${category.name}`}
                    onClick={() => setDialog({ category, n: Date.now() })}
                  >
                    <EditIcon />
                  </IconButton>
                  <IconButton
                    aria-label={`${t('common.delete')}: ${category.name}`}
                    color="error"
                    onClick={() => {
                      setInUse('');
                      setDeleting(category);
                    }}
                  >
                    <DeleteIcon />
                  </IconButton>
                </>
              )}
            </Paper>
          ))}
        </Stack>
      )}
      {list.data && (
        <Pager page={page} pages={pageCount(list.data.count, PAGE_SIZE)} onChange={setPage} />
      )}
      {dialog && (
        <CategoryDialog
          key={dialog.n}
          open
          category={dialog.category}
          defaultKind={kind === 'all' ? 'article' : kind}
          onClose={() => setDialog(null)}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        onClose={() => {
          setDeleting(null);
          setInUse('');
        }}
        onConfirm={() => void onDelete(inUse !== '')}
        pending={remove.isPending}
        danger
        title={t('common.confirmDelete')}
        text={t('categories.deleteText', { name: deleting?.name ?? '' })}
        confirmLabel={inUse ? t('categories.moveToNone') : t('common.delete')}
      >
        {inUse && (
          <Alert severity="warning" sx={{ mt: 2 }}>
            {script.text(inUse)}
          </Alert>
        )}
      </ConfirmDialog>
    </Box>
  );
}
