export { TreeChecksPageContent } from './components/tree-checks-page';
export { TreeCheckCountsList } from './components/tree-check-counts';
