import type { GedcomWarning } from '@bagysh/shared';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Pagination from '@mui/material/Pagination';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useScript } from '../../../lib/script';
import { warningSeverity, type WarningSeverity } from '../lib/report';

const PAGE_SIZE = 20;

type Filter = WarningSeverity | 'all';

/**
 * Warnings of a preview or a job: filtered by what the import did (changed or only kept),
 * 20 to a page, each with its line and record.
 */
export function WarningsList({ warnings, total }: { warnings: GedcomWarning[]; total: number }) {
  const { t } = useTranslation('gedcom');
  const script = useScript();
  const headingId = useId();
  const [filter, setFilter] = useState<Filter>('all');
  const [page, setPage] = useState(1);
  const shown = useMemo(
    () => (filter === 'all' ? warnings : warnings.filter((w) => warningSeverity(w) === filter)),
    [warnings, filter],
  );
  const pages = Math.max(1, Math.ceil(shown.length / PAGE_SIZE));
  const current = Math.min(page, pages);
  const slice = shown.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE);
  const filters: [Filter, string][] = [
    ['all', t('warnings.all')],
    ['changed', t('warnings.changed')],
    ['kept', t('warnings.kept')],
  ];

  return (
    <Box component="section" aria-labelledby={headingId} data-testid="gedcom-warnings">
      <Typography id={headingId} variant="h6" component="h3" sx={{ mb: 1 }}>
        {script.text(t('warnings.title', { count: total }))}
      </Typography>
      {warnings.length === 0 ? (
        <Typography color="textSecondary">{script.text(t('warnings.none'))}</Typography>
      ) : (
        <>
          <Stack
            direction="row"
            spacing={1}
            useFlexGap
            sx={{ mb: 1.5, flexWrap: 'wrap' }}
            role="group"
            aria-label={t('warnings.filter')}
          >
            {filters.map(([value, label]) => (
              <Chip
                key={value}
                clickable
                color={filter === value ? 'primary' : 'default'}
                variant={filter === value ? 'filled' : 'outlined'}
                aria-pressed={filter === value}
                onClick={() => {
                  setFilter(value);
                  setPage(1);
                }}
                label={script.text(label)}
                {...script.label(label)}
              />
            ))}
          </Stack>
          <Stack component="ol" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {slice.map((warning, index) => (
              <Box
                component="li"
                key={`${current}-${index}`}
                data-testid="gedcom-warning"
                data-severity={warningSeverity(warning)}
                sx={{
                  borderLeft: 3,
                  borderColor:
                    warningSeverity(warning) === 'changed' ? 'warning.main' : 'info.light',
                  pl: 1.5,
                  py: 0.5,
                }}
              >
                <Typography variant="caption" color="textSecondary" component="div">
                  {script.text(
                    [
                      warning.line === null
                        ? t('warnings.wholeFile')
                        : `${t('warnings.line')} ${warning.line}`,
                      warning.record,
                    ]
                      .filter(Boolean)
                      .join(' · '),
                  )}
                </Typography>
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                  {script.text(warning.message)}
                </Typography>
              </Box>
            ))}
          </Stack>
          {pages > 1 && (
            <Pagination
              count={pages}
              page={current}
              onChange={(_, value) => setPage(value)}
              sx={{ mt: 1.5 }}
              aria-label={t('warnings.pagination')}
            />
          )}
          {total > warnings.length && (
            <Typography variant="body2" color="textSecondary" sx={{ mt: 1 }}>
              {script.text(t('warnings.shownOf', { shown: warnings.length, total }))}
            </Typography>
          )}
        </>
      )}
    </Box>
  );
}
