import { useEffect } from 'react';
import { notify } from '../../lib/notify';

/** Toasts when the browser loses and regains its connection. */
export function NetworkNotices() {
  useEffect(() => {
    const offline = () => void notify('notices.offline', { type: 'warning' });
    const online = () => void notify('notices.online', { type: 'success' });
    window.addEventListener('offline', offline);
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('offline', offline);
      window.removeEventListener('online', online);
    };
  }, []);
  return null;
}
