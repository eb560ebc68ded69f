import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useScript } from '../../../lib/script';

/** A titled part of the person page. */
export function Section({
  title,
  children,
  testId,
}: {
  title: string;
  children: ReactNode;
  testId?: string;
}) {
  const script = useScript();
  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 2, md: 3 }, minWidth: 0 }}
      component="section"
      data-testid={testId}
    >
      <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
        {script.text(title)}
      </Typography>
      {children}
    </Paper>
  );
}

/** What a section says when it has nothing to show. */
export function Empty({ text }: { text: string }) {
  const script = useScript();
  return <Typography color="text.secondary">{script.text(text)}</Typography>;
}
