export { SanjyraTree } from './components/sanjyra-tree';
export type { SanjyraTreeProps, TreeInitialData, TreeLabels, TreeNodeData } from './types';
export {
  buildTreeSvg,
  downloadBlob,
  pngScale,
  svgBlob,
  svgToPngBlob,
  type TreeSvg,
  type TreeSvgOptions,
} from './lib/export';
export {
  layoutTree,
  defaultLayoutOptions,
  type LayoutOptions,
  type TreeLayout,
} from './lib/layout';
