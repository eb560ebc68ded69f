import { STORAGE_KEYS } from '../config/constants';
import { parseLanguage, useAppStore } from './app-store';
import { reloadSessionFromStorage } from './session-store';

/** Follows sign-in, sign-out and language changes made in the site's other tabs. */
export function installStorageSync(target: Window = window): () => void {
  const onStorage = (event: StorageEvent) => {
    if (
      event.key === null ||
      event.key === STORAGE_KEYS.accessToken ||
      event.key === STORAGE_KEYS.user
    ) {
      reloadSessionFromStorage();
    }
    if (event.key === null || event.key === STORAGE_KEYS.language) {
      useAppStore.setState({ language: parseLanguage(event.newValue) });
    }
  };
  target.addEventListener('storage', onStorage);
  return () => target.removeEventListener('storage', onStorage);
}
