import { useEffect, useState } from 'react';
import { fetchFileBlob } from './file-fetch';

export interface FileUrlState {
  /** An address the page can use, or null while loading or after an error. */
  src: string | null;
  error: boolean;
}

/**
 * An address for a file's bytes that works in `<img>`: public files by their URL, members-only
 * ones (which need the token) fetched and shown through an object URL, revoked when done.
 * With `asType`, public files are fetched too and the object URL is typed so (a PDF frame is
 * never taken for anything but a PDF).
 */
export function useFileUrl(url: string | null, isPublic: boolean, asType?: string): FileUrlState {
  const direct = url !== null && isPublic && asType === undefined;
  const [state, setState] = useState<FileUrlState & { for: string | null }>({
    for: null,
    src: null,
    error: false,
  });

  useEffect(() => {
    if (url === null || direct) return;
    const controller = new AbortController();
    let objectUrl: string | null = null;
    fetchFileBlob(url, controller.signal).then(
      (fetched) => {
        objectUrl = URL.createObjectURL(asType ? new Blob([fetched], { type: asType }) : fetched);
        setState({ for: url, src: objectUrl, error: false });
      },
      () => {
        if (!controller.signal.aborted) setState({ for: url, src: null, error: true });
      },
    );
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url, direct, asType]);

  if (url === null) return { src: null, error: false };
  if (direct) return { src: url, error: false };
  if (state.for !== url) return { src: null, error: false };
  return { src: state.src, error: state.error };
}
