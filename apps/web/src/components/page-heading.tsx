import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useScript } from '../lib/script';

/** A page's container and its h1, in the current script. */
export function PageHeading({ title, children }: { title: string; children?: ReactNode }) {
  const script = useScript();
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <Typography variant="h4" component="h1" sx={{ fontSize: { xs: 28, md: 34 } }}>
        {script.text(title)}
      </Typography>
      {children}
    </Container>
  );
}
