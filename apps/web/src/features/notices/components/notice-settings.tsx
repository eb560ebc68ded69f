import { NOTICE_KINDS, type NoticeKind } from '@bagysh/shared';
import Alert from '@mui/material/Alert';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../config/paths';
import '../../../lib/i18n/areas/notices';
import { useScript } from '../../../lib/script';
import { useNoticeSettings, useUpdateNoticeSettings } from '../api/notices';

/**
 * The profile's section of notice mails: one switch per kind (the moderators' digest for staff
 * only). Its own section, so that other parts of the profile stay apart from it.
 */
export function NoticeSettingsSection() {
  const { t } = useTranslation('notices');
  const script = useScript();
  const settings = useNoticeSettings();
  const update = useUpdateNoticeSettings();
  const kinds = NOTICE_KINDS.filter(
    (kind) => kind !== 'moderation' || settings.data?.moderator === true,
  );
  const toggle = (kind: NoticeKind, on: boolean) => update.mutate({ mail: { [kind]: on } });

  return (
    <Paper
      variant="outlined"
      component="section"
      sx={{ p: { xs: 2, sm: 3 }, mt: 3 }}
      data-testid="notice-settings"
    >
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {script.text(t('settings.title'))}
      </Typography>
      <Typography variant="body2" color="textSecondary" sx={{ mb: 2 }}>
        {script.text(t('settings.intro'))}
      </Typography>
      {settings.isError ? (
        <Alert severity="error">{script.text(t('settings.loadError'))}</Alert>
      ) : !settings.data ? (
        <Skeleton height={120} />
      ) : (
        <>
          {!settings.data.email_confirmed && (
            <Alert severity="info" role="note" sx={{ mb: 2 }}>
              {script.text(t('settings.unconfirmed'))}
            </Alert>
          )}
          <FormGroup>
            {kinds.map((kind) => (
              <FormControlLabel
                key={kind}
                control={
                  <Switch
                    checked={settings.data.mail[kind]}
                    disabled={update.isPending}
                    onChange={(event) => toggle(kind, event.target.checked)}
                    slotProps={{ input: { 'aria-label': t(`settings.${kind}`) } }}
                    data-testid={`notice-switch-${kind}`}
                  />
                }
                label={script.text(t(`settings.${kind}`))}
              />
            ))}
          </FormGroup>
          {update.isError && (
            <Alert severity="error" sx={{ mt: 1 }}>
              {script.text(update.error.message)}
            </Alert>
          )}
        </>
      )}
      <Link
        component={RouterLink}
        to={paths.notices()}
        underline="hover"
        sx={{ display: 'inline-block', mt: 2 }}
        {...script.label(t('settings.open'))}
      >
        {script.text(t('settings.open'))}
      </Link>
    </Paper>
  );
}
