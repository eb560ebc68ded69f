import type * as SonnerModule from 'sonner';
import { useTranslation } from 'react-i18next';
import { translateMessage } from './i18n';
import { useScript } from './script';

type Sonner = typeof SonnerModule;

let sonner: Promise<Sonner> | undefined;
let markToasterReady: () => void = () => {};
const toasterReady = new Promise<void>((resolve) => {
  markToasterReady = resolve;
});

/** sonner is loaded after the first paint (it is not needed to show the page). */
export function loadSonner(): Promise<Sonner> {
  sonner ??= import('sonner');
  return sonner;
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
 * text such as an API error message. Answers the toast's id.
 */
export async function notify(
  message: string,
  options: { type?: ToastType; id?: string } = {},
): Promise<string | number> {
  const [{ toast }] = await Promise.all([loadSonner(), toasterReady]);
  const show = options.type ? toast[options.type] : toast;
  return show(<NoticeText message={message} />, { id: options.id });
}
