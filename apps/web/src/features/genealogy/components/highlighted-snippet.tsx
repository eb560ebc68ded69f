import type { SnippetSegment } from '@bagysh/shared';
import { useScript } from '../../../lib/script';

/**
 * A hit's snippet with the found words in `<mark>`. The API sends plain-text segments, never
 * HTML, and each is rendered as text, so nothing in a note or article can inject markup.
 */
export function HighlightedSnippet({ segments }: { segments: readonly SnippetSegment[] }) {
  const script = useScript();
  return (
    <>
      {segments.map((segment, index) =>
        segment.match ? (
          <mark key={index} className="search-match">
            {script.text(segment.text)}
          </mark>
        ) : (
          <span key={index}>{script.text(segment.text)}</span>
        ),
      )}
    </>
  );
}
