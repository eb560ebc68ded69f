import { useEffect, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type { Toaster as SonnerToaster } from 'sonner';
import { TOASTS } from '../../config/constants';
import { onFirstUse } from '../../lib/first-use';
import { loadSonner, toasterMounted, useToasterWanted, wantToaster } from '../../lib/notify';
import { installToastSwipe } from './toast-swipe';

/** Once the page is in use (or after this long), sonner is loaded ahead of the first toast. */
const WARM_AFTER_MS = 5000;

function ReadyToaster({ Toaster }: { Toaster: typeof SonnerToaster }) {
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
 * The toasts (sonner, docs/product.md, Toasts): 4000 ms, 3 visible, gap 14 px, width 356 px,
 * bottom-right, swipe threshold 20 px, Alt+T focuses them. sonner is no part of a page's first
 * load: it comes with the first toast, or once the page is first used or has been open a few
 * seconds, so the offline notice (a toast) has its code before the connection drops.
 */
export function AppToaster() {
  const wanted = useToasterWanted();
  const [Toaster, setToaster] = useState<typeof SonnerToaster>();

  useEffect(() => onFirstUse(wantToaster, WARM_AFTER_MS), []);

  useEffect(() => {
    if (!wanted || Toaster) return;
    let current = true;
    loadSonner().then(
      (module) => current && setToaster(() => module.Toaster),
      () => {}, // offline: the next toast tries again (loadSonner)
    );
    return () => {
      current = false;
    };
  }, [wanted, Toaster]);

  return Toaster ? <ReadyToaster Toaster={Toaster} /> : null;
}
