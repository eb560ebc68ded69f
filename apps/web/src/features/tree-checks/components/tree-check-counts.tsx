import { TREE_CHECK_KINDS, type TreeCheckCounts } from '@bagysh/shared';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../config/paths';
import '../../../lib/i18n/areas/tree-checks';
import { useScript } from '../../../lib/script';

/**
 * The moderation page's line of tree checks: each kind's count, a link to its tab of the
 * tree checks page. `counts` null while they load.
 */
export function TreeCheckCountsList({ counts }: { counts: TreeCheckCounts | null }) {
  const { t } = useTranslation('treeChecks');
  const script = useScript();
  if (!counts) {
    return <Skeleton variant="rounded" height={96} role="status" aria-label={t('loading')} />;
  }
  return (
    <>
      <Typography color="textSecondary" sx={{ mb: 1 }}>
        {script.text(t('moderationHint'))}
      </Typography>
      <Box
        component="ul"
        data-testid="tree-check-counts"
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          display: 'grid',
          gap: 1,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' },
        }}
      >
        {TREE_CHECK_KINDS.map((kind) => {
          const label = t('count', { label: t(`kinds.${kind}`), count: counts[kind] });
          return (
            <li key={kind}>
              <Link
                component={RouterLink}
                to={paths.treeChecks(kind)}
                data-kind={kind}
                sx={{ fontWeight: counts[kind] > 0 ? 600 : 400 }}
                {...script.label(label)}
              >
                {script.text(label)}
              </Link>
            </li>
          );
        })}
      </Box>
    </>
  );
}
