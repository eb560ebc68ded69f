import type { PersonSummary } from '@bagysh/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LinkButton } from '../../../components/link-button';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/page-title';
import { useScript } from '../../../lib/script';

/** The person's charts, each linking the others. */
const CHARTS = ['pedigree', 'descendants', 'fan'] as const;

export interface ChartPageProps {
  kind: (typeof CHARTS)[number];
  /** The chart's person, once loaded. */
  person: PersonSummary | undefined;
  error: Error | null;
  retry: () => void;
  /** What a missing person shows: the site's 404 page. */
  notFound: ReactNode;
  /** A line under the chart (e.g. that it was cut). */
  note?: string;
  children: ReactNode;
}

/** The frame of a chart page: the heading with the person's name, links, errors, the chart. */
export function ChartPage({
  kind,
  person,
  error,
  retry,
  notFound,
  note,
  children,
}: ChartPageProps) {
  const { t } = useTranslation('charts');
  const script = useScript();
  const heading = person ? t(`${kind}.heading`, { name: person.name }) : t(`links.${kind}`);
  usePageTitle(person ? heading : undefined);
  if (error instanceof ApiError && error.status === 404) return notFound;
  return (
    <Container maxWidth="xl" sx={{ py: { xs: 2, md: 4 }, px: { xs: 1, sm: 2, md: 3 } }}>
      <Typography variant="h4" component="h1" sx={{ fontSize: { xs: 26, md: 34 } }}>
        {script.text(heading)}
      </Typography>
      <Typography color="textSecondary" sx={{ mt: 1, mb: 1.5, maxWidth: 760 }}>
        {script.text(t(`${kind}.intro`))}
      </Typography>
      {person && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 1.5 }}>
          <LinkButton
            variant="outlined"
            to={paths.person(person.id)}
            {...script.label(t('links.person'))}
          >
            {script.text(t('links.person'))}
          </LinkButton>
          {CHARTS.filter((other) => other !== kind).map((other) => (
            <LinkButton
              key={other}
              variant="outlined"
              to={paths[other](person.id)}
              {...script.label(t(`links.${other}`))}
            >
              {script.text(t(`links.${other}`))}
            </LinkButton>
          ))}
        </Box>
      )}
      {error ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" onClick={retry}>
              {script.text(t('retry'))}
            </Button>
          }
        >
          {script.text(error.message)}
        </Alert>
      ) : person ? (
        children
      ) : (
        <Skeleton variant="rounded" height={420} role="status" aria-label={t('loading')} />
      )}
      {note && (
        <Typography variant="body2" color="textSecondary" sx={{ mt: 1 }}>
          {script.text(note)}
        </Typography>
      )}
    </Container>
  );
}
