import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { PageHeading } from '../../components/page-heading';

const RecordingPage = lazy(() => import('./recording-page'));

/** A recording (/recordings/{file id}) with its transcript; `?t=` opens it at that second. */
export function Component() {
  const { t } = useTranslation();
  const fileId = Number(useParams().id);
  const [search] = useSearchParams();
  const at = Number(search.get('t'));
  return (
    <PageHeading title={t('titles.recording')}>
      <Suspense fallback={null}>
        <RecordingPage
          fileId={fileId}
          startAt={search.has('t') && Number.isFinite(at) && at >= 0 ? at : null}
        />
      </Suspense>
    </PageHeading>
  );
}
