export { DeferredPersonSearch } from './components/deferred-person-search';
export {
  useTreeStart,
  useTreeLabels,
  loadTreeChildren,
  type TreeStart,
} from './components/genealogy-tree';
export { PersonView } from './components/person-view';
export { ComparisonView } from './components/comparison-view';
export { MergeView } from './components/merge-view';
export { PersonsList, type PersonsListParams } from './components/persons-list';
export { ModerationQueue } from './components/moderation-queue';
export { RecordProposalsQueue } from './components/record-proposals-queue';
export { idParam, reviewsProposals, yearsText } from './lib/format';
export { MyContributions } from './components/my-contributions';
export { MyPersonSection } from './components/my-person-section';
export { PersonClaimsQueue } from './components/person-claims-queue';
export { useMyPersonId } from './api/person-claims-api';
export { CalendarView, type CalendarParams } from './components/calendar-view';
