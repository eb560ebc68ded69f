import Container from '@mui/material/Container';
import { useParams } from 'react-router';
import { FilePreviewById } from '../../features/files';
import { idParam, PersonView } from '../../features/genealogy';
import '../../lib/i18n/areas/genealogy';
import { ErrorContent } from '../shell/error-content';

/** A person's page (/persons/{id}); its gallery opens files in the files feature's preview. */
export function Component() {
  const { id } = useParams();
  const personId = idParam(id);
  if (personId === null) return <ErrorContent notFound />;
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <PersonView key={personId} id={personId} FilePreview={FilePreviewById} />
    </Container>
  );
}
