export { DuplicatesPageContent } from './components/duplicates-page';
