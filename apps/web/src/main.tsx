// The entry only lets the server's pre-rendered shell (apps/api/src/modules/seo/seo.shell.ts)
// paint before the app's scripts are evaluated: on a slow phone the page's heading shows while
// React, the router and MUI are still being parsed. The server preloads boot's files
// (modulepreload), so waiting one frame costs no round trip. A tab opened in the background
// gets no animation frames: the timer starts it there.
let started = false;
const boot = () => {
  if (started) return;
  started = true;
  void import('./boot');
};
requestAnimationFrame(boot);
setTimeout(boot, 100);
