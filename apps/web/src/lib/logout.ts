import { LOGOUT_SNACKBAR_TIMEOUT } from '../config/constants';
import { api, ApiError } from './api-client';
import { useAppStore } from './app-store';
import { i18n } from './i18n';
import { navigateTo } from './navigation';
import { whenHistoryIdle } from './overlays';
import { useSessionStore } from './session-store';
import { useSnackbarStore } from './snackbar-store';

/**
 * Signs out (docs/product.md, Logout): sets the global loading flag, ends the session on the
 * server, forgets the token and user, then a success notice for 4000 ms — or the error message in
 * the secondary colour for 4000 ms when the call failed — and goes to /.
 */
export async function logout(): Promise<void> {
  const app = useAppStore.getState();
  const session = useSessionStore.getState();
  const refresh = session.token?.refresh;
  app.setLoading(true);
  let failure: string | null = null;
  try {
    if (refresh) await api('logout/', { method: 'POST', body: { refresh } });
  } catch (error) {
    failure = error instanceof ApiError ? error.message : i18n.t('errors.generic');
  } finally {
    useSessionStore.getState().clear();
    app.setLoading(false);
  }
  const snackbar = useSnackbarStore.getState();
  if (failure === null) snackbar.show('notices.success', LOGOUT_SNACKBAR_TIMEOUT, 'success');
  else snackbar.show(failure, LOGOUT_SNACKBAR_TIMEOUT, 'secondary');
  // A closing dialog may still be taking its history entry back: navigate after it.
  whenHistoryIdle(() => navigateTo('/'));
}
