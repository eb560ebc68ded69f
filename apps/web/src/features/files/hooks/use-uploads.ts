import type { FileInfo, FileLimits, FileUploadFields } from '@bagysh/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, withFreshToken } from '../../../lib/api-client';
import { filesKeys } from '../api/files-api';
import { checkFile, uploadFile, type FileProblem } from '../lib/upload';

export type UploadStatus = 'uploading' | 'done' | 'error' | 'cancelled';

export interface UploadItem {
  key: string;
  name: string;
  size: number;
  status: UploadStatus;
  /** 0…1 of the bytes sent. */
  progress: number;
  /** A refusal found before sending (a catalogue key) … */
  problem?: FileProblem;
  /** … or the server's message (already Kyrgyz), or null for a network failure. */
  message?: string | null;
  result?: FileInfo;
}

let counter = 0;

/**
 * The upload queue of the page: every file its own request, progress and cancel. Files that
 * fail the client-side checks are listed with the reason and never sent.
 */
export function useUploads(limits: FileLimits | undefined, onUploaded?: (file: FileInfo) => void) {
  const [items, setItems] = useState<UploadItem[]>([]);
  const controllers = useRef(new Map<string, AbortController>());
  const client = useQueryClient();
  const onUploadedRef = useRef(onUploaded);
  useEffect(() => {
    onUploadedRef.current = onUploaded;
  });

  useEffect(() => {
    const running = controllers.current;
    return () => running.forEach((controller) => controller.abort());
  }, []);

  const update = useCallback((key: string, patch: Partial<UploadItem>) => {
    setItems((current) => current.map((item) => (item.key === key ? { ...item, ...patch } : item)));
  }, []);

  const add = useCallback(
    (files: readonly File[], fields: Partial<FileUploadFields>) => {
      let reserved = 0;
      const added: UploadItem[] = [];
      for (const file of files) {
        const key = `upload-${++counter}`;
        const problem = checkFile(file, limits, reserved) ?? undefined;
        added.push({
          key,
          name: file.name,
          size: file.size,
          status: problem ? 'error' : 'uploading',
          progress: 0,
          problem,
        });
        if (problem) continue;
        reserved += file.size;
        const controller = new AbortController();
        controllers.current.set(key, controller);
        withFreshToken((headers) =>
          uploadFile({
            file,
            fields,
            headers,
            signal: controller.signal,
            onProgress: (progress) => update(key, { progress }),
          }),
        )
          .then((result) => {
            update(key, { status: 'done', progress: 1, result });
            onUploadedRef.current?.(result);
          })
          .catch((error: unknown) => {
            if (error instanceof DOMException && error.name === 'AbortError') {
              update(key, { status: 'cancelled' });
            } else {
              update(key, {
                status: 'error',
                message: error instanceof ApiError && error.status !== 0 ? error.message : null,
              });
            }
          })
          .finally(() => {
            controllers.current.delete(key);
            void client.invalidateQueries({ queryKey: filesKeys.all });
          });
      }
      setItems((current) => [...added, ...current]);
      return added;
    },
    [client, limits, update],
  );

  const cancel = useCallback((key: string) => controllers.current.get(key)?.abort(), []);

  const remove = useCallback((key: string) => {
    setItems((current) => current.filter((item) => item.key !== key));
  }, []);

  const clearFinished = useCallback(() => {
    setItems((current) => current.filter((item) => item.status === 'uploading'));
  }, []);

  return { items, add, cancel, remove, clearFinished };
}
