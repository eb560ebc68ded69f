// Inter in the weights 300 to 900, only the subsets a Kyrgyz page writes with (fonts.css).
import './config/fonts.css';
// Only the rune subset, and only for runes (the font's own CSS has no unicode-range).
import './rune-font.css';
// The theme's values for the parts drawn without MUI (the frame and the landing page).
import './config/theme.css';
import './lib/i18n';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { createAppRouter } from './app/router';
import { installPreloadErrorHandler } from './lib/preload-error';
import { installStorageSync } from './lib/storage-sync';

installPreloadErrorHandler();
installStorageSync();

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
const root = createRoot(container);
// The router in a task of its own, after this module's evaluation (Total Blocking Time on a
// slow phone: together they were one task of over 100 ms).
setTimeout(() => {
  const router = createAppRouter();
  // As a transition, the first render is done in slices between the browser's frames rather
  // than in one task (200–300 ms on a slow phone); the server's shell stays on screen until it
  // is committed.
  startTransition(() => {
    root.render(
      <StrictMode>
        <App router={router} />
      </StrictMode>,
    );
  });
}, 0);
