import type * as SonnerModule from 'sonner';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from './i18n';
import { useScript } from './script';

type Sonner = typeof SonnerModule;

let sonner: Promise<Sonner> | undefined;
let wanted = false;
const listeners = new Set<() => void>();
let markToasterReady: () => void = () => {};
const toasterReady = new Promise<void>((resolve) => {
  markToasterReady = resolve;
});

/**
 * sonner (about 9 KB gzipped) is not part of any page's first load: it is imported with the
 * first toast, or warmed by `wantToaster()` once the page is in use. A failed import (the
 * connection dropped before it came) is tried again by the next toast.
 */
export function loadSonner(): Promise<Sonner> {
  sonner ??= import('sonner').catch((error: unknown) => {
    sonner = undefined;
    setWanted(false);
    throw error;
  });
  return sonner;
}

function setWanted(value: boolean) {
  if (wanted === value) return;
  wanted = value;
  for (const listener of listeners) listener();
}

/** Asks the shell to mount the `<Toaster>`, loading sonner; the first toast does it too. */
export function wantToaster(): void {
  setWanted(true);
}

/** Whether the `<Toaster>` should be mounted: a toast was asked for, or sonner was warmed. */
export function useToasterWanted(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => wanted,
  );
}

/** Called by the mounted `<Toaster>`: toasts shown before it existed would be lost. */
export function toasterMounted(): void {
  markToasterReady();
}

/** A toast's text, in the current script even when the language changes while it is shown. */
function NoticeText({ message }: { message: string }) {
  useTranslation(); // re-render on catalogue changes
  const script = useScript();
  return <>{script.text(translateMessage(message))}</>;
}

export type ToastType = 'success' | 'info' | 'warning' | 'error';

/**
 * Shows a toast (bottom-right, 4 s, at most 3 visible). `message` is a catalogue key or a
 * text such as an API error message. Answers the toast's id, or undefined when sonner could not
 * be loaded (the connection dropped before any toast or warm-up brought it): then it is lost.
 */
export async function notify(
  message: string,
  options: { type?: ToastType; id?: string } = {},
): Promise<string | number | undefined> {
  wantToaster();
  try {
    const [{ toast }] = await Promise.all([loadSonner(), toasterReady]);
    const show = options.type ? toast[options.type] : toast;
    return show(<NoticeText message={message} />, { id: options.id });
  } catch {
    return undefined;
  }
}
