import Skeleton from '@mui/material/Skeleton';
import { lazy, Suspense } from 'react';
import type { RichEditorProps } from './rich-editor';

const RichEditorChunk = lazy(() => import('./rich-editor'));

/** The editor in its own chunk (Tiptap never weighs on pages that only read). */
export function LazyRichEditor(props: RichEditorProps) {
  return (
    <Suspense fallback={<Skeleton variant="rounded" height={(props.minHeight ?? 240) + 56} />}>
      <RichEditorChunk {...props} />
    </Suspense>
  );
}
