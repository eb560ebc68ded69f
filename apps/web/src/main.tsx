// The entry only lets the server's pre-rendered shell (apps/api/src/modules/seo/seo.shell.ts)
// paint before the app's scripts are evaluated: on a slow phone the page's heading shows while
// React, the router and MUI are still being parsed. The server names the page's scripts in a
// `page-scripts` meta tag (apps/api/src/plugins/web.ts); from the first frame on they are
// preloaded (modulepreload), then boot is imported, rather than from the head, where they
// competed with the shell's first paint for a slow phone's line. A tab opened in the background
// gets no animation frames: the timer starts it there.

/**
 * Links added per task: each starts a fetch, about 2 ms on a slow phone, and a person's page
 * names 50 scripts (one task of 100 ms counted as Total Blocking Time).
 */
const LINKS_PER_TASK = 8;

/**
 * Adds the next links, then the rest in later tasks; imports boot once all are there, so that
 * Vite's preloading of boot's and the page's imports finds them and adds none twice.
 */
function preloadThenBoot(files: string[]) {
  for (const file of files.splice(0, LINKS_PER_TASK)) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = `/${file}`;
    document.head.append(link);
  }
  if (files.length > 0) setTimeout(() => preloadThenBoot(files), 0);
  else void import('./boot');
}

let started = false;
const start = () => {
  if (started) return;
  started = true;
  const list = document.querySelector('meta[name="page-scripts"]')?.getAttribute('content');
  preloadThenBoot(list ? list.split(' ') : []);
};
requestAnimationFrame(start);
setTimeout(start, 100);
