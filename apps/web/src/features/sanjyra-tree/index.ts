export { SanjyraTree } from './components/sanjyra-tree';
export type { SanjyraTreeProps, TreeInitialData, TreeLabels, TreeNodeData } from './types';
