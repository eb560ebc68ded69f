import type { FileInfo } from '@bagysh/shared';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../../../lib/i18n/areas/files';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { saveBlob } from '../../../lib/upload';
import { fetchFileBlob } from '../../../lib/file-fetch';

/** Downloads a file with the token (members-only files need it) and saves it under its name. */
export function useDownload() {
  const { t } = useTranslation('files');
  const [busyId, setBusyId] = useState<number | null>(null);
  const running = useRef(new Set<number>());
  const download = useCallback(
    async (file: FileInfo) => {
      // Buttons stay enabled (a disabled button would lose the keyboard focus): ignore repeats.
      if (running.current.has(file.id)) return;
      running.current.add(file.id);
      setBusyId(file.id);
      try {
        saveBlob(await fetchFileBlob(file.url), file.name);
      } catch (error) {
        void notify(error instanceof ApiError ? error.message : t('download.error'), {
          type: 'error',
        });
      } finally {
        running.current.delete(file.id);
        setBusyId(null);
      }
    },
    [t],
  );
  return { download, busyId };
}
