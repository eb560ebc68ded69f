import { FILE_KINDS, formatFileSize, type FileInfo, type FileKind } from '@bagysh/shared';
import DeleteIcon from '@mui/icons-material/Delete';
import DownloadIcon from '@mui/icons-material/Download';
import EditIcon from '@mui/icons-material/Edit';
import GridViewIcon from '@mui/icons-material/GridView';
import LockIcon from '@mui/icons-material/Lock';
import PublicIcon from '@mui/icons-material/Public';
import SearchIcon from '@mui/icons-material/Search';
import ViewListIcon from '@mui/icons-material/ViewList';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatDate } from '../../../lib/dates';
import '../../../lib/i18n/areas/files';
import { useScript } from '../../../lib/script';
import { useSessionStore } from '../../../lib/session-store';
import { FILES_PAGE_SIZE, useFileCategories, useFiles, type FilesFilter } from '../api/files-api';
import { useDownload } from '../hooks/use-download';
import { canManageFile } from '../lib/permissions';
import { readView, storeView, type FilesView } from '../lib/view';
import { DeleteFileDialog } from './delete-file-dialog';
import { EditFileDialog } from './edit-file-dialog';
import { FileThumb } from './file-icon';
import { PreviewDialog } from './preview-dialog';

function isKind(value: string | null): value is FileKind {
  return value !== null && (FILE_KINDS as readonly string[]).includes(value);
}

function useFilter(): [FilesFilter, (patch: Partial<FilesFilter>) => void] {
  const [params, setParams] = useSearchParams();
  const kind = params.get('kind');
  const category = Number(params.get('category'));
  const page = Number(params.get('page'));
  const filter: FilesFilter = {
    q: params.get('q') ?? '',
    kind: isKind(kind) ? kind : '',
    categoryId: Number.isInteger(category) && category > 0 ? category : null,
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
  const update = (patch: Partial<FilesFilter>) => {
    const next = { ...filter, page: 1, ...patch };
    const search = new URLSearchParams();
    if (next.q) search.set('q', next.q);
    if (next.kind) search.set('kind', next.kind);
    if (next.categoryId) search.set('category', String(next.categoryId));
    if (next.page > 1) search.set('page', String(next.page));
    setParams(search, { replace: true, preventScrollReset: true });
  };
  return [filter, update];
}

type Dialog = { type: 'preview' | 'edit' | 'delete'; file: FileInfo } | null;

/** Search, filters, grid or list of the files, pagination, and the dialogs for one file. */
export function FileBrowser() {
  const { t } = useTranslation('files');
  const script = useScript();
  const [filter, setFilter] = useFilter();
  const [search, setSearch] = useState(filter.q);
  const deferredQ = useDeferredValue(filter.q);
  const [view, setView] = useState<FilesView>(readView);
  const [dialog, setDialog] = useState<Dialog>(null);
  const files = useFiles({ ...filter, q: deferredQ });
  const categories = useFileCategories();
  const user = useSessionStore((state) => state.user);
  const { download, busyId } = useDownload();

  const pages = files.data ? Math.max(1, Math.ceil(files.data.count / FILES_PAGE_SIZE)) : 1;
  const filtered = filter.q !== '' || filter.kind !== '' || filter.categoryId !== null;
  const actions = {
    onPreview: (file: FileInfo) => setDialog({ type: 'preview', file }),
    onEdit: (file: FileInfo) => setDialog({ type: 'edit', file }),
    onDelete: (file: FileInfo) => setDialog({ type: 'delete', file }),
    onDownload: (file: FileInfo) => void download(file),
    canManage: (file: FileInfo) => canManageFile(user, file),
    busyId,
  };

  return (
    <Box component="section" sx={{ mt: 4 }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ mb: 2, alignItems: { sm: 'center' } }}
      >
        <Box
          component="form"
          role="search"
          sx={{ flex: 1 }}
          onSubmit={(event) => {
            event.preventDefault();
            setFilter({ q: search.trim() });
          }}
        >
          <TextField
            fullWidth
            size="small"
            type="search"
            label={script.field(t('browse.search'))}
            value={search}
            onChange={(event) => {
              setSearch(event.target.value);
              if (event.target.value === '') setFilter({ q: '' });
            }}
            onBlur={() => search.trim() !== filter.q && setFilter({ q: search.trim() })}
            slotProps={{
              input: {
                endAdornment: (
                  <InputAdornment position="end">
                    <IconButton
                      type="submit"
                      edge="end"
                      aria-label={t('browse.search')}
                      title={t('browse.search')}
                    >
                      <SearchIcon />
                    </IconButton>
                  </InputAdornment>
                ),
              },
            }}
          />
        </Box>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          <TextField
            select
            size="small"
            label={script.field(t('browse.kind'))}
            value={filter.kind}
            onChange={(event) =>
              setFilter({ kind: isKind(event.target.value) ? event.target.value : '' })
            }
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            sx={{ minWidth: { xs: 0, sm: 140 }, flex: 1 }}
          >
            <MenuItem value="">{script.text(t('kind.all'))}</MenuItem>
            {FILE_KINDS.map((kind) => (
              <MenuItem key={kind} value={kind}>
                {script.text(t(`kind.${kind}`))}
              </MenuItem>
            ))}
          </TextField>
          {categories.data && categories.data.length > 0 && (
            <TextField
              select
              size="small"
              label={script.field(t('browse.category'))}
              value={filter.categoryId ?? ''}
              onChange={(event) => setFilter({ categoryId: Number(event.target.value) || null })}
              slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
              // Both selects shrink on a phone, so that the row fits beside the view toggle.
              sx={{ minWidth: { xs: 0, sm: 160 }, flex: 1 }}
            >
              <MenuItem value="">{script.text(t('browse.allCategories'))}</MenuItem>
              {categories.data.map((category) => (
                <MenuItem key={category.id} value={category.id}>
                  {script.text(category.name)}
                </MenuItem>
              ))}
            </TextField>
          )}
          <ToggleButtonGroup
            size="small"
            exclusive
            value={view}
            onChange={(_event, next: FilesView | null) => {
              if (!next) return;
              setView(next);
              storeView(next);
            }}
          >
            <ToggleButton value="grid" aria-label={t('browse.grid')} title={t('browse.grid')}>
              <GridViewIcon fontSize="small" />
            </ToggleButton>
            <ToggleButton value="list" aria-label={t('browse.list')} title={t('browse.list')}>
              <ViewListIcon fontSize="small" />
            </ToggleButton>
          </ToggleButtonGroup>
        </Stack>
      </Stack>

      {files.isPending ? (
        <FilesSkeleton view={view} />
      ) : files.isError && !files.data ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void files.refetch()}>
              {script.text(t('browse.retry'))}
            </Button>
          }
        >
          {script.text(t('browse.error'))}
        </Alert>
      ) : files.data.results.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
          <Typography color="textSecondary">
            {script.text(t(filtered ? 'browse.notFound' : 'browse.empty'))}
          </Typography>
        </Paper>
      ) : (
        <Box sx={{ opacity: files.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}>
          <Typography variant="body2" color="textSecondary" sx={{ mb: 1 }}>
            {script.text(t('browse.count', { count: files.data.count }))}
          </Typography>
          {view === 'grid' ? (
            <FilesGrid files={files.data.results} {...actions} />
          ) : (
            <FilesList files={files.data.results} {...actions} />
          )}
          {pages > 1 && (
            <Box
              component="nav"
              aria-label={t('browse.pagination')}
              sx={{ mt: 3, display: 'flex', justifyContent: 'center' }}
            >
              <Pagination
                count={pages}
                page={Math.min(filter.page, pages)}
                onChange={(_event, page) => setFilter({ ...filter, page })}
                siblingCount={0}
                getItemAriaLabel={(type, page) => {
                  if (type === 'page') return t('browse.page', { page: page ?? 1 });
                  if (type === 'next') return t('browse.next');
                  if (type === 'previous') return t('browse.previous');
                  if (type === 'first') return t('browse.first');
                  if (type === 'last') return t('browse.last');
                  return '';
                }}
              />
            </Box>
          )}
        </Box>
      )}

      {dialog?.type === 'preview' && (
        <PreviewDialog
          file={dialog.file}
          onClose={() => setDialog(null)}
          onDownload={() => void download(dialog.file)}
          downloading={busyId === dialog.file.id}
        />
      )}
      {dialog?.type === 'edit' && (
        <EditFileDialog file={dialog.file} onClose={() => setDialog(null)} />
      )}
      {dialog?.type === 'delete' && (
        <DeleteFileDialog file={dialog.file} onClose={() => setDialog(null)} />
      )}
    </Box>
  );
}

interface FileActions {
  onPreview: (file: FileInfo) => void;
  onEdit: (file: FileInfo) => void;
  onDelete: (file: FileInfo) => void;
  onDownload: (file: FileInfo) => void;
  canManage: (file: FileInfo) => boolean;
  busyId: number | null;
}

function ActionButtons({ file, ...actions }: FileActions & { file: FileInfo }) {
  const { t } = useTranslation('files');
  const manage = actions.canManage(file);
  return (
    <Stack direction="row" spacing={0.5}>
      <IconButton
        size="small"
        onClick={() => actions.onDownload(file)}
        aria-busy={actions.busyId === file.id}
        aria-label={`${t('actions.download')}: ${file.name}`}
        title={t('actions.download')}
      >
        <DownloadIcon fontSize="small" />
      </IconButton>
      {manage && (
        <IconButton
          size="small"
          onClick={() => actions.onEdit(file)}
          aria-label={`${t('actions.edit')}: ${file.name}`}
          title={t('actions.edit')}
        >
          <EditIcon fontSize="small" />
        </IconButton>
      )}
      {manage && (
        <IconButton
          size="small"
          onClick={() => actions.onDelete(file)}
          aria-label={`${t('actions.delete')}: ${file.name}`}
          title={t('actions.delete')}
        >
          <DeleteIcon fontSize="small" />
        </IconButton>
      )}
    </Stack>
  );
}

function VisibilityIcon({ file }: { file: FileInfo }) {
  const { t } = useTranslation('files');
  const label = t(`visibility.${file.visibility}`);
  return file.visibility === 'public' ? (
    <PublicIcon fontSize="inherit" aria-label={label} titleAccess={label} />
  ) : (
    <LockIcon fontSize="inherit" aria-label={label} titleAccess={label} />
  );
}

function FilesGrid({ files, ...actions }: FileActions & { files: FileInfo[] }) {
  const { t } = useTranslation('files');
  const script = useScript();
  return (
    <Box
      component="ul"
      data-testid="files-grid"
      sx={{
        listStyle: 'none',
        p: 0,
        m: 0,
        display: 'grid',
        gap: 2,
        gridTemplateColumns: {
          xs: 'repeat(2, minmax(0, 1fr))',
          sm: 'repeat(auto-fill, minmax(180px, 1fr))',
        },
      }}
    >
      {files.map((file) => (
        <Paper
          component="li"
          variant="outlined"
          key={file.id}
          data-testid="file-card"
          sx={{ overflow: 'hidden', display: 'flex', flexDirection: 'column' }}
        >
          <ButtonBase
            onClick={() => actions.onPreview(file)}
            aria-label={`${t('actions.preview')}: ${file.name}`}
            sx={{
              display: 'block',
              width: '100%',
              aspectRatio: '4 / 3',
              '&:focus-visible': {
                outline: '2px solid',
                outlineColor: 'primary.main',
                outlineOffset: -2,
              },
            }}
          >
            <FileThumb file={file} size="100%" />
          </ButtonBase>
          <Box sx={{ p: 1.25, pb: 0.5, minWidth: 0 }}>
            <Typography variant="body2" noWrap title={file.name} sx={{ fontWeight: 600 }}>
              {script.text(file.name)}
            </Typography>
            <Typography
              variant="caption"
              color="textSecondary"
              component="div"
              sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}
            >
              <VisibilityIcon file={file} />
              {formatFileSize(file.size)} · {formatDate(file.created_at)}
            </Typography>
          </Box>
          <Box sx={{ px: 0.5, pb: 0.5, mt: 'auto' }}>
            <ActionButtons file={file} {...actions} />
          </Box>
        </Paper>
      ))}
    </Box>
  );
}

function FilesList({ files, ...actions }: FileActions & { files: FileInfo[] }) {
  const { t } = useTranslation('files');
  const script = useScript();
  return (
    <Paper
      variant="outlined"
      component="ul"
      data-testid="files-list"
      sx={{ listStyle: 'none', p: 0, m: 0 }}
    >
      {files.map((file, index) => (
        <Box
          component="li"
          key={file.id}
          data-testid="file-row"
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 1.5,
            px: 1.5,
            py: 1,
            borderTop: index === 0 ? 'none' : '1px solid',
            borderColor: 'divider',
          }}
        >
          <ButtonBase
            onClick={() => actions.onPreview(file)}
            aria-label={`${t('actions.preview')}: ${file.name}`}
            sx={{ borderRadius: 1, overflow: 'hidden' }}
          >
            <FileThumb file={file} size={48} />
          </ButtonBase>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography noWrap title={file.name} sx={{ fontWeight: 600 }}>
              {script.text(file.name)}
            </Typography>
            <Typography
              variant="body2"
              color="textSecondary"
              noWrap
              sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}
            >
              <VisibilityIcon file={file} />
              {script.text(t(`kind.${file.kind}`))} · {formatFileSize(file.size)} ·{' '}
              {formatDate(file.created_at)} · {script.text(file.owner.username)}
            </Typography>
            {file.description && (
              <Typography variant="body2" noWrap title={file.description}>
                {script.text(file.description)}
              </Typography>
            )}
          </Box>
          <ActionButtons file={file} {...actions} />
        </Box>
      ))}
    </Paper>
  );
}

function FilesSkeleton({ view }: { view: FilesView }) {
  const { t } = useTranslation('files');
  return (
    <Box role="status" aria-busy="true" aria-label={t('preview.loading')}>
      {view === 'grid' ? (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: {
              xs: 'repeat(2, 1fr)',
              sm: 'repeat(auto-fill, minmax(180px, 1fr))',
            },
          }}
        >
          {Array.from({ length: 8 }, (_, index) => (
            <Skeleton key={index} variant="rounded" sx={{ height: 220 }} />
          ))}
        </Box>
      ) : (
        <Stack spacing={1}>
          {Array.from({ length: 6 }, (_, index) => (
            <Skeleton key={index} variant="rounded" sx={{ height: 64 }} />
          ))}
        </Stack>
      )}
    </Box>
  );
}
