export { FilesPageContent } from './components/files-page';
export { FilePreviewById } from './components/file-preview-by-id';
export { RecordingFile } from './components/recording-file';
