// The entry only lets the server's pre-rendered shell (apps/api/src/modules/seo/seo.shell.ts)
// paint before the app's scripts are evaluated: on a slow phone the page's heading shows while
// React, the router and MUI are still being parsed. The server names the page's scripts in a
// `page-scripts` meta tag (apps/api/src/plugins/web.ts); in the first frame they are preloaded
// together (modulepreload) while boot is imported, rather than from the head, where they
// competed with the shell's first paint for a slow phone's line. A tab opened in the background
// gets no animation frames: the timer starts it there.
let started = false;
const boot = () => {
  if (started) return;
  started = true;
  const list = document.querySelector('meta[name="page-scripts"]')?.getAttribute('content');
  for (const file of list ? list.split(' ') : []) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = `/${file}`;
    document.head.append(link);
  }
  void import('./boot');
};
requestAnimationFrame(boot);
setTimeout(boot, 100);
