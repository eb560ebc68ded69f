export { SanjyraTree } from './components/sanjyra-tree';
export type { SanjyraTreeProps, TreeInitialData, TreeLabels, TreeNodeData } from './types';
export { buildTreeSvg, type TreeSvgOptions } from './lib/export';
