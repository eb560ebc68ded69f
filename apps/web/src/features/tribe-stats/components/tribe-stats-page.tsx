import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../../../lib/i18n/areas/tribe-stats';
import { useScript } from '../../../lib/script';
import { useTribeStats } from '../api/tribe-stats-api';
import { figureRows, type FigureRow } from '../lib/figure-rows';

// recharts comes with this page only, rendered at once (vite.config.ts, FIRST_PAINT_EXTRAS).
const TribeStatsChart = lazy(() => import('./tribe-stats-chart'));

interface FigureProps {
  id: string;
  title: string;
  caption?: string;
  /** Headers of the table view: the label's, the value's, then the extra columns'. */
  columns: readonly string[];
  rows: readonly FigureRow[];
  horizontal?: boolean;
  wide?: boolean;
}

function FigureTable({ id, title, columns, rows }: FigureProps) {
  const { t } = useTranslation('tribeStats');
  const script = useScript();
  return (
    <Box
      sx={{ overflowX: 'auto', maxHeight: 420 }}
      tabIndex={0}
      role="region"
      aria-label={title}
      data-testid={`${id}-table`}
    >
      <Table size="small" stickyHeader>
        <caption className="visually-hidden">{title}</caption>
        <TableHead>
          <TableRow>
            {columns.map((column, index) => (
              <TableCell key={column} align={index === 0 ? 'left' : 'right'} scope="col">
                {script.text(column)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.key}>
              <TableCell component="th" scope="row" sx={{ overflowWrap: 'anywhere' }}>
                {script.text(row.label)}
              </TableCell>
              <TableCell align="right">
                {row.value === null ? script.text(t('withheld')) : row.value}
              </TableCell>
              {row.extra?.map((value, index) => (
                <TableCell key={index} align="right">
                  {value}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

/** One figure: its heading, the chart, and the "Таблица" toggle that shows the same as a table. */
function Figure(props: FigureProps) {
  const { id, title, caption, rows, horizontal, wide, columns } = props;
  const { t } = useTranslation('tribeStats');
  const script = useScript();
  const [table, setTable] = useState(false);
  const chartRows = useMemo(
    () => rows.map((row) => ({ ...row, label: script.plain(row.label) })),
    [rows, script],
  );
  const headingId = `${id}-heading`;
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={headingId}
      data-testid={`figure-${id}`}
      sx={{ p: { xs: 1.5, sm: 2 }, minWidth: 0, gridColumn: wide ? { md: '1 / -1' } : undefined }}
    >
      <Stack
        direction="row"
        spacing={1}
        sx={{ justifyContent: 'space-between', alignItems: 'flex-start', mb: 1 }}
      >
        <Typography component="h2" variant="h6" id={headingId} sx={{ fontSize: 18 }}>
          {script.text(title)}
        </Typography>
        {rows.length > 0 && (
          <Button
            size="small"
            variant={table ? 'contained' : 'outlined'}
            aria-pressed={table}
            aria-controls={`${id}-body`}
            onClick={() => setTable((shown) => !shown)}
            sx={{ flexShrink: 0 }}
            {...script.label(t('showTable'))}
          >
            {script.text(t('showTable'))}
          </Button>
        )}
      </Stack>
      {caption && (
        <Typography variant="body2" color="textSecondary" sx={{ mb: 1 }}>
          {script.text(caption)}
        </Typography>
      )}
      <div id={`${id}-body`}>
        {rows.length === 0 ? (
          <Typography color="textSecondary">{script.text(t('noData'))}</Typography>
        ) : table ? (
          <FigureTable {...props} />
        ) : (
          <Box role="img" aria-label={title} data-testid={`${id}-chart`}>
            <Suspense fallback={<Skeleton variant="rectangular" height={horizontal ? 200 : 280} />}>
              <TribeStatsChart
                rows={chartRows}
                horizontal={horizontal}
                valueLabel={script.plain(columns[1] ?? '')}
                withheldLabel={script.plain(t('withheld'))}
              />
            </Suspense>
          </Box>
        )}
      </div>
    </Paper>
  );
}

function Loading() {
  const { t } = useTranslation('tribeStats');
  const script = useScript();
  return (
    <Box aria-busy="true" data-testid="tribe-stats-loading">
      <span className="visually-hidden">{script.text(t('loading'))}</span>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        {[0, 1, 2, 3].map((index) => (
          <Skeleton key={index} variant="rounded" height={320} />
        ))}
      </Box>
    </Box>
  );
}

/** The statistics page of the tribe: the figures of GET /api/stats/tribe/ in charts and tables. */
export function TribeStatsPageContent() {
  const { t } = useTranslation('tribeStats');
  const script = useScript();
  const { data, isPending, isError, refetch } = useTribeStats();
  const rows = useMemo(() => (data ? figureRows(data, t) : null), [data, t]);

  return (
    <>
      <Typography color="textSecondary" sx={{ mt: 1, mb: 2 }}>
        {script.text(t('intro'))}
      </Typography>
      {isPending ? (
        <Loading />
      ) : isError || !data || !rows ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" onClick={() => void refetch()}>
              {script.text(t('retry'))}
            </Button>
          }
        >
          {script.text(t('loadError'))}
        </Alert>
      ) : data.persons === 0 ? (
        <Alert severity="info">{script.text(t('empty'))}</Alert>
      ) : (
        <>
          <Typography sx={{ mb: 1, fontWeight: 600 }} data-testid="tribe-stats-total">
            {script.text(t('total', { n: data.persons }))}
          </Typography>
          {data.excludes_living && (
            <Alert severity="info" sx={{ mb: 2 }} data-testid="tribe-stats-guest-note">
              {script.text(t('guestNote'))}
            </Alert>
          )}
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
            }}
          >
            <Figure
              id="generations"
              title={t('generations.title')}
              columns={[t('generations.column'), t('personsColumn')]}
              rows={rows.generations}
            />
            <Figure
              id="clans"
              title={t('clans.title')}
              columns={[t('clans.column'), t('personsColumn')]}
              rows={rows.clans}
              horizontal
            />
            <Figure
              id="births"
              title={t('births.title')}
              columns={[t('births.column'), t('personsColumn')]}
              rows={rows.births}
              wide
            />
            <Figure
              id="lifespans"
              title={t('lifespans.title')}
              columns={[
                t('lifespans.column'),
                t('lifespans.average'),
                t('lifespans.median'),
                t('lifespans.count'),
              ]}
              rows={rows.lifespans}
            />
            <Figure
              id="children"
              title={t('children.title')}
              caption={t('children.caption')}
              columns={[t('children.column'), t('children.families')]}
              rows={rows.children}
            />
            <Figure
              id="names-male"
              title={t('names.male')}
              columns={[t('names.column'), t('names.count')]}
              rows={rows.male}
              horizontal
            />
            <Figure
              id="names-female"
              title={t('names.female')}
              columns={[t('names.column'), t('names.count')]}
              rows={rows.female}
              horizontal
            />
          </Box>
        </>
      )}
    </>
  );
}
