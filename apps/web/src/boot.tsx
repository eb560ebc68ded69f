import '@fontsource/inter/300.css';
import '@fontsource/inter/400.css';
import '@fontsource/inter/500.css';
import '@fontsource/inter/600.css';
import '@fontsource/inter/700.css';
import '@fontsource/inter/800.css';
import '@fontsource/inter/900.css';
// Only the rune subset (KYRGYZ.md §1): the package's default CSS would also bring Latin faces.
import '@fontsource/noto-sans-old-turkic/old-turkic-400.css';
import './lib/i18n';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { installPreloadErrorHandler } from './lib/preload-error';
import { installStorageSync } from './lib/storage-sync';

installPreloadErrorHandler();
installStorageSync();

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
