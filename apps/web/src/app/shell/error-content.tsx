import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { LinkButton } from '../../components/link-button';
import { paths } from '../../config/paths';
import { usePageTitle } from '../../lib/page-title';
import { useScript } from '../../lib/script';

/**
 * The error page: not found (unknown path, missing item), forbidden (a staff page opened by a
 * member) or a failure, with a link home.
 */
export function ErrorContent({
  notFound,
  forbidden = false,
}: {
  notFound: boolean;
  forbidden?: boolean;
}) {
  const { t } = useTranslation();
  const script = useScript();
  const heading = notFound
    ? t('errors.notFound')
    : forbidden
      ? t('errors.forbidden')
      : t('errors.generic');
  usePageTitle(heading);

  return (
    <Container maxWidth="md" sx={{ py: { xs: 6, md: 10 }, textAlign: 'center' }}>
      <Typography
        aria-hidden
        sx={{
          fontSize: { xs: 72, md: 104 },
          fontWeight: 800,
          color: 'primary.dark',
          lineHeight: 1,
        }}
      >
        {notFound ? '404' : forbidden ? '403' : '!'}
      </Typography>
      <Typography variant="h4" component="h1" sx={{ mt: 2 }}>
        {script.text(heading)}
      </Typography>
      {(notFound || forbidden) && (
        <Typography color="text.secondary" sx={{ mt: 1.5 }}>
          {script.text(notFound ? t('errors.notFoundText') : t('errors.forbiddenText'))}
        </Typography>
      )}
      <LinkButton to={paths.home()} style={{ marginTop: 32 }} {...script.label(t('errors.home'))}>
        {script.text(t('errors.home'))}
      </LinkButton>
    </Container>
  );
}
