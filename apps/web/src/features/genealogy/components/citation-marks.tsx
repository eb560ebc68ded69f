import { formatDateKy, formatRecordingTime, recordingPath, type Citation } from '@bagysh/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Link from '@mui/material/Link';
import Popover from '@mui/material/Popover';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import '../../../lib/i18n/areas/person';
import { useScript } from '../../../lib/script';
import { useOverlay } from '../../../lib/use-overlay';
import { useSource } from '../api/person-page-api';

function Row({ label, children }: { label: string; children: ReactNode }) {
  const script = useScript();
  return (
    <>
      <Typography component="dt" variant="body2" color="textSecondary">
        {script.text(label)}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </>
  );
}

/** The source of a citation, read when its mark is opened, with the page cited. */
function SourceDetails({ citation, titleId }: { citation: Citation; titleId: string }) {
  const { t } = useTranslation('person');
  const script = useScript();
  const source = useSource(citation.source.id);
  const full = source.data;
  const informant = citation.source.kind === 'informant';
  return (
    <Box sx={{ p: 2, maxWidth: 360 }} data-testid="citation-source">
      <Typography variant="overline" color="textSecondary" component="div">
        {script.text(t(`sourceKind.${citation.source.kind}`))}
      </Typography>
      <Typography id={titleId} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {script.text(citation.source.title)}
      </Typography>
      {source.isPending ? (
        <Skeleton variant="text" role="status" aria-label={t('citation.loading')} />
      ) : source.isError ? (
        <Alert severity="error">{script.text(source.error.message)}</Alert>
      ) : null}
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1.5, rowGap: 0.5 }}
      >
        {full?.author && (
          <Row label={informant ? t('citation.informant') : t('citation.author')}>
            {script.text(full.author)}
          </Row>
        )}
        {full?.told_date && (
          <Row label={t('citation.told')}>{script.text(formatDateKy(full.told_date))}</Row>
        )}
        {full?.told_place && (
          <Row label={t('citation.toldPlace')}>{script.text(full.told_place.name)}</Row>
        )}
        {full?.publication && (
          <Row label={t('citation.publication')}>{script.text(full.publication)}</Row>
        )}
        {full?.repository && (
          <Row label={t('citation.repository')}>{script.text(full.repository)}</Row>
        )}
        {full?.call_number && (
          <Row label={t('citation.callNumber')}>{script.text(full.call_number)}</Row>
        )}
        {full?.url && /^https?:\/\//i.test(full.url) && (
          <Row label={t('citation.url')}>
            <Link href={full.url} target="_blank" rel="noopener noreferrer">
              {full.url}
            </Link>
          </Row>
        )}
        {citation.page && <Row label={t('citation.page')}>{script.text(citation.page)}</Row>}
        {citation.recording && (
          <Row label={t('citation.recording')}>
            <Link
              component={RouterLink}
              to={recordingPath(citation.recording.file_id, citation.recording.at)}
              data-testid="citation-recording"
            >
              {script.text(
                t('citation.listen', { at: formatRecordingTime(citation.recording.at) }),
              )}
            </Link>
          </Row>
        )}
        {citation.note && <Row label={t('citation.note')}>{script.text(citation.note)}</Row>}
      </Box>
      {citation.quality !== null && (
        <Typography variant="body2" color="textSecondary" sx={{ mt: 1 }}>
          {script.text(t('citation.quality', { n: citation.quality }))}
        </Typography>
      )}
    </Box>
  );
}

function CitationMark({ citation, number }: { citation: Citation; number: number }) {
  const { t } = useTranslation('person');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  const overlay = useOverlay({ open: anchor !== null, onClose: close });
  const titleId = useId();
  // Screen readers cannot read runes: the mark's name stays Cyrillic in either script.
  const name = t('citation.mark', { n: number, title: citation.source.title });
  return (
    <>
      <ButtonBase
        aria-label={name}
        title={name}
        aria-haspopup="dialog"
        aria-expanded={anchor !== null}
        onClick={(event) => setAnchor(event.currentTarget)}
        data-citation={number}
        sx={{
          minWidth: 22,
          height: 22,
          px: 0.5,
          borderRadius: 11,
          fontSize: 12,
          fontWeight: 600,
          lineHeight: 1,
          color: 'primary.main',
          bgcolor: 'action.hover',
          verticalAlign: 'super',
          '&:hover': { bgcolor: 'action.selected' },
          '&.Mui-focusVisible': { outline: '2px solid', outlineColor: 'primary.main' },
        }}
      >
        {number}
      </ButtonBase>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={overlay.handleClose}
        sx={{ zIndex: overlay.zIndex }}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        slotProps={{
          paper: { ref: overlay.contentRef, role: 'dialog', 'aria-labelledby': titleId },
        }}
      >
        {anchor && <SourceDetails citation={citation} titleId={titleId} />}
      </Popover>
    </>
  );
}

/** Small numbered marks after a fact; each opens its source (keyboard: Tab, Enter, Escape). */
export function CitationMarks({
  citations,
  numbers,
}: {
  citations: readonly Citation[];
  numbers: ReadonlyMap<number, number>;
}) {
  const { t } = useTranslation('person');
  if (citations.length === 0) return null;
  return (
    <Box
      component="span"
      role="group"
      aria-label={t('citation.marks')}
      sx={{ display: 'inline-flex', gap: 0.5, ml: 0.75, flexWrap: 'wrap' }}
    >
      {citations.map((citation) => (
        <CitationMark
          key={citation.id}
          citation={citation}
          number={numbers.get(citation.source.id) ?? 0}
        />
      ))}
    </Box>
  );
}
