import Box from '@mui/material/Box';
import { useMemo } from 'react';
import { htmlToRunes } from '../../../lib/html-runes';
import { useScript } from '../../../lib/script';

/** Typography of stored bodies (and of the editor, which shows the same HTML). */
export const richTextSx = {
  fontSize: { xs: 16, md: 17 },
  lineHeight: 1.7,
  overflowWrap: 'anywhere',
  '& h2': { fontSize: { xs: 22, md: 26 }, fontWeight: 700, mt: 3, mb: 1 },
  '& h3': { fontSize: { xs: 19, md: 21 }, fontWeight: 700, mt: 2.5, mb: 1 },
  '& p': { my: 1.25 },
  '& ul, & ol': { pl: 3, my: 1.25 },
  '& blockquote': {
    borderLeft: '4px solid',
    borderColor: 'primary.light',
    bgcolor: 'action.hover',
    m: 0,
    my: 2,
    px: 2,
    py: 1,
    fontStyle: 'italic',
  },
  '& a': { color: 'primary.dark' },
  '& img': { maxWidth: '100%', height: 'auto', borderRadius: 1, display: 'block', my: 2 },
} as const;

/**
 * A stored body. The server sanitized it with an allow-list (docs/decisions/003), which is
 * what makes dangerouslySetInnerHTML safe here; in old_ky its text nodes are shown in runes.
 */
export function RichHtml({ html }: { html: string }) {
  const script = useScript();
  const shown = useMemo(() => (script.runes ? htmlToRunes(html) : html), [html, script.runes]);
  return (
    <Box
      className="rich-text"
      sx={richTextSx}
      // Safe: sanitized by the server's allow-list.
      dangerouslySetInnerHTML={{ __html: shown }}
    />
  );
}
