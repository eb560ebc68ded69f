import { existsSync } from 'node:fs';

/** Debian's old headless shell (`apt-get install chromium-headless-shell`). */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/**
 * The full browser: CHROMIUM_PATH, else Debian's chromium (Playwright cannot download one
 * here). The file preview's test needs it: it shows a PDF in the browser's own PDF viewer,
 * which the headless shell does not have.
 */
export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
}

/**
 * The browser of the other end-to-end files: Debian's headless shell when it is installed,
 * else the full browser. It is the browser Playwright itself runs headless tests in, the same
 * engine without the full browser's user interface: the end-to-end files take about a third
 * less time in it on this machine's two cores.
 */
export function headlessShellPath(): string {
  return existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : chromiumPath();
}

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
