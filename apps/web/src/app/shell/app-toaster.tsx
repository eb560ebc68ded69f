import { useEffect, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type { Toaster as SonnerToaster } from 'sonner';
import { TOASTS } from '../../config/constants';
import { onFirstUse } from '../../lib/first-use';
import { loadSonner, toasterMounted, useToasterWanted, wantToaster } from '../../lib/notify';
import type { installToastSwipe } from './toast-swipe';

/** Once the page is in use (or after this long), sonner is loaded ahead of the first toast. */
const WARM_AFTER_MS = 5000;

interface Loaded {
  Toaster: typeof SonnerToaster;
  installSwipe: typeof installToastSwipe;
}

function ReadyToaster({ Toaster, installSwipe }: Loaded) {
  const { t } = useTranslation();
  // Runs after sonner's own effects (children first): its toaster is subscribed by now.
  useEffect(() => {
    toasterMounted();
    return installSwipe(document);
  }, [installSwipe]);
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
  const [loaded, setLoaded] = useState<Loaded>();

  useEffect(() => onFirstUse(wantToaster, WARM_AFTER_MS), []);

  useEffect(() => {
    if (!wanted || loaded) return;
    let current = true;
    // The swipe that dismisses a toast comes with sonner: no part of the first paint either.
    Promise.all([loadSonner(), import('./toast-swipe')]).then(
      ([module, swipe]) =>
        current && setLoaded({ Toaster: module.Toaster, installSwipe: swipe.installToastSwipe }),
      () => {}, // offline: the next toast tries again (loadSonner)
    );
    return () => {
      current = false;
    };
  }, [wanted, loaded]);

  return loaded ? <ReadyToaster {...loaded} /> : null;
}
