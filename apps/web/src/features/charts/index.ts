export { PedigreeChart } from './components/pedigree-chart';
export { DescendantChart } from './components/descendant-chart';
export { FanChart } from './components/fan-chart';
export { chartPersonId } from './lib/person-id';
