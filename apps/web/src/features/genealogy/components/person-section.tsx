import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useScript } from '../../../lib/script';

/** A titled part of the person page; `action` (a button) stands at the title's end. */
export function Section({
  title,
  children,
  testId,
  action,
}: {
  title: string;
  children: ReactNode;
  testId?: string;
  action?: ReactNode;
}) {
  const script = useScript();
  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 2, md: 3 }, minWidth: 0 }}
      component="section"
      data-testid={testId}
    >
      <Stack
        direction="row"
        spacing={1}
        useFlexGap
        sx={{ mb: 1.5, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}
      >
        <Typography variant="h6" component="h2">
          {script.text(title)}
        </Typography>
        {action}
      </Stack>
      {children}
    </Paper>
  );
}

/** What a section says when it has nothing to show. */
export function Empty({ text }: { text: string }) {
  const script = useScript();
  return <Typography color="textSecondary">{script.text(text)}</Typography>;
}
