import { FileBrowser } from './file-browser';
import { UploadPanel } from './upload-panel';

/** The /files page's content: the upload panel above the browser. */
export function FilesPageContent() {
  return (
    <>
      <UploadPanel />
      <FileBrowser />
    </>
  );
}
