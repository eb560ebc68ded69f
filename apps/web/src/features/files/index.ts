export { FilesPageContent } from './components/files-page';
