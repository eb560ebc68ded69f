import { storage } from '../../../lib/storage';

export type FilesView = 'grid' | 'list';

/** localStorage key of the remembered browse view. */
export const VIEW_STORAGE_KEY = 'files-view';

export function readView(): FilesView {
  return storage.get(VIEW_STORAGE_KEY) === 'list' ? 'list' : 'grid';
}

export function storeView(view: FilesView): void {
  storage.set(VIEW_STORAGE_KEY, view);
}
