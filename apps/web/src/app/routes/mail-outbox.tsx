import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../components/page-heading';
import { OutboxList } from '../../features/mail';

/** The admins' outbox: mails written as .eml files while no SMTP server is set. */
export function Component() {
  const { t } = useTranslation();
  return (
    <PageHeading title={t('titles.mailOutbox')}>
      <OutboxList />
    </PageHeading>
  );
}
