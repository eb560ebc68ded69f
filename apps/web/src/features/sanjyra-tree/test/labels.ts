import { genealogy } from '../../../lib/i18n/areas/genealogy';
import { formatCount } from '../../../lib/numbers';
import type { TreeLabels } from '../types';

const { tree } = genealogy;
const count = (message: string) => (n: number) => message.replace('{{n}}', formatCount(n));

/** The tree's texts in tests: the genealogy catalogue's, as the /search page passes them. */
export const testLabels: TreeLabels = {
  tree: tree.label,
  keyboardHelp: tree.keyboardHelp,
  toolbar: tree.toolbar,
  downloadSvg: tree.downloadSvg,
  downloadPng: tree.downloadPng,
  print: tree.print,
  zoomIn: tree.zoomIn,
  zoomOut: tree.zoomOut,
  resetView: tree.resetView,
  childCount: count(tree.childCount),
  descendantCount: count(tree.descendantCount),
  expand: tree.expand,
  collapse: tree.collapse,
  showAllChildren: tree.showAllChildren,
  loading: genealogy.loading,
  loadError: tree.loadError,
  retry: genealogy.retry,
  openPerson: tree.openPerson,
  lineage: tree.lineage,
  close: tree.close,
  exportError: tree.exportError,
  unknownYear: tree.unknownYear,
};
