import { lazy, Suspense, useEffect, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { TOASTS } from '../../config/constants';
import { loadSonner, toasterMounted } from '../../lib/notify';
import { installToastSwipe } from './toast-swipe';

const Toaster = lazy(() => loadSonner().then((module) => ({ default: module.Toaster })));

function ReadyToaster() {
  const { t } = useTranslation();
  // Runs after sonner's own effects (children first): its toaster is subscribed by now.
  useEffect(() => {
    toasterMounted();
    return installToastSwipe(document);
  }, []);
  return (
    <Toaster
      position={TOASTS.position}
      duration={TOASTS.durationMs}
      visibleToasts={TOASTS.visible}
      gap={TOASTS.gapPx}
      hotkey={[...TOASTS.hotkey]}
      containerAriaLabel={t('notices.region')}
      style={{ '--width': `${TOASTS.widthPx}px` } as CSSProperties}
      // Not selectable: a mouse swipe would otherwise select the text and drag it instead.
      toastOptions={{ style: { fontFamily: 'inherit', userSelect: 'none' } }}
    />
  );
}

/**
 * The toasts (sonner, spec §9): 4000 ms, 3 visible, gap 14 px, width 356 px, bottom-right,
 * swipe threshold 20 px, Alt+T focuses them. Its code loads beside the first page's, not before it.
 */
export function AppToaster() {
  return (
    <Suspense fallback={null}>
      <ReadyToaster />
    </Suspense>
  );
}
