import Container from '@mui/material/Container';
import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import { idParam, PersonView } from '../../features/genealogy';
import { FollowButton } from '../../features/notices';
import { PrintButton } from '../../features/print';
import '../../lib/i18n/areas/genealogy';
import { ErrorContent } from '../shell/error-content';

// The preview comes when a file of the gallery is first opened, not with the page.
const LazyFilePreview = lazy(() =>
  import('../../features/files/components/file-preview-by-id').then((m) => ({
    default: m.FilePreviewById,
  })),
);

// "Жазып алуу" is for members: its code comes after the page's, out of the shell's lists.
const LazyRecordButton = lazy(() =>
  import('../../features/voices').then((m) => ({ default: m.RecordButton })),
);

function FilePreview(props: { fileId: number; onClose: () => void }) {
  return (
    <Suspense fallback={null}>
      <LazyFilePreview {...props} />
    </Suspense>
  );
}

/** The header's controls of other features: "Көз салуу" (notices), "Басып чыгаруу" (print), "Жазып алуу" (voices, members). */
function HeaderExtra({ personId, personName }: { personId: number; personName: string }) {
  return (
    <>
      <FollowButton personId={personId} />
      <PrintButton personId={personId} personName={personName} />
      <Suspense fallback={null}>
        <LazyRecordButton person={{ id: personId, label: personName }} />
      </Suspense>
    </>
  );
}

/**
 * A person's page (/persons/{id}); its gallery opens files in the files feature's preview, and
 * its header has the notices feature's "Көз салуу" and the print feature's "Басып чыгаруу".
 */
export function Component() {
  const { id } = useParams();
  const personId = idParam(id);
  if (personId === null) return <ErrorContent notFound />;
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <PersonView
        key={personId}
        id={personId}
        FilePreview={FilePreview}
        HeaderExtra={HeaderExtra}
      />
    </Container>
  );
}
