export { DeferredPersonSearch } from './components/deferred-person-search';
export {
  useTreeStart,
  useTreeLabels,
  loadTreeChildren,
  type TreeStart,
} from './components/genealogy-tree';
export { PersonView } from './components/person-view';
export { ComparisonView } from './components/comparison-view';
export { PersonsList, type PersonsListParams } from './components/persons-list';
export { ModerationQueue } from './components/moderation-queue';
export { idParam, yearsText } from './lib/format';
