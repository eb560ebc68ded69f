export { GedcomPageContent } from './components/gedcom-page';
