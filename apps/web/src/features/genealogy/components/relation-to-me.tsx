import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../config/paths';
import { useScript } from '../../../lib/script';
import { useMyPersonId, useRelationToMe } from '../api/person-claims-api';

/**
 * On every person page of a member linked to their own person: how this person is related to
 * them, in Kyrgyz ("Сиздин атаңыздын агасы"), from the server's relations search. Nothing when
 * the member is not linked or the two are not related.
 */
export function RelationToMeLine({ personId }: { personId: number }) {
  const { t } = useTranslation('genealogy');
  const script = useScript();
  const mine = useMyPersonId();
  const relation = useRelationToMe(personId, typeof mine === 'number');
  const data = relation.data;
  if (typeof mine !== 'number' || !data?.text || !data.me) return null;
  const compare = `${paths.comparison()}?a=${data.me.id}&b=${data.person_id}`;
  return (
    <Paper
      variant="outlined"
      sx={{ px: 2, py: 1.25, borderColor: 'secondary.main', bgcolor: 'background.default' }}
      data-testid="relation-to-me"
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1.5, rowGap: 0.5 }}>
        {!data.self && (
          <Typography component="span" color="textSecondary">
            {script.text(`${t('claims.relationLabel')}:`)}
          </Typography>
        )}
        <Typography component="span" sx={{ fontWeight: 700 }} data-testid="relation-to-me-text">
          {script.text(data.text)}
        </Typography>
        {!data.self && (
          <Link component={RouterLink} to={compare} {...script.label(t('claims.compareWithMe'))}>
            {script.text(t('claims.compareWithMe'))}
          </Link>
        )}
      </Box>
    </Paper>
  );
}
