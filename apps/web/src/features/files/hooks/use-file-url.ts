import { useEffect, useState } from 'react';
import { fetchFileBlob } from '../api/auth-fetch';

export interface FileUrlState {
  /** An address the page can use, or null while loading or after an error. */
  src: string | null;
  blob: Blob | null;
  error: boolean;
}

/**
 * An address for a file's bytes that works in `<img>`: public files by their URL, members-only
 * ones (which need the token) fetched and shown through an object URL, revoked when done.
 * `forceBlob` fetches public files too (for viewers that need the bytes); `type` overrides the
 * object URL's type (a PDF frame is never taken for anything but a PDF).
 */
export function useFileUrl(
  url: string | null,
  isPublic: boolean,
  forceBlob = false,
  type?: string,
): FileUrlState {
  const direct = url !== null && isPublic && !forceBlob;
  const [state, setState] = useState<FileUrlState & { for: string | null }>({
    for: null,
    src: null,
    blob: null,
    error: false,
  });

  useEffect(() => {
    if (url === null || direct) return;
    const controller = new AbortController();
    let objectUrl: string | null = null;
    fetchFileBlob(url, controller.signal).then(
      (fetched) => {
        const blob = type ? new Blob([fetched], { type }) : fetched;
        objectUrl = URL.createObjectURL(blob);
        setState({ for: url, src: objectUrl, blob, error: false });
      },
      () => {
        if (!controller.signal.aborted) setState({ for: url, src: null, blob: null, error: true });
      },
    );
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url, direct, type]);

  if (url === null) return { src: null, blob: null, error: false };
  if (direct) return { src: url, blob: null, error: false };
  if (state.for !== url) return { src: null, blob: null, error: false };
  return { src: state.src, blob: state.blob, error: state.error };
}
