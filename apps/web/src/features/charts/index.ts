export { PedigreeChart } from './components/pedigree-chart';
export { DescendantChart } from './components/descendant-chart';
export { chartPersonId } from './lib/person-id';
