import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { SITE_NAME } from '../../packages/shared/src/site';

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '3000'}`;

/** index.html's title is the site name constant (the server puts each route's title there). */
const siteName: Plugin = {
  name: 'bagysh-site-name',
  transformIndexHtml: (html) => html.replaceAll('%SITE_NAME%', SITE_NAME),
};

export default defineConfig({
  plugins: [react(), siteName],
  server: {
    port: 5173,
    proxy: { '/api/': { target: apiTarget, changeOrigin: false } },
  },
  build: {
    target: 'es2022',
    assetsInlineLimit: 0,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the first paint needs in one file: a dozen small shared chunks would
          // each be compressed on their own and cost more than their sum.
          groups: [{ name: 'app', tags: ['$initial'] }],
        },
      },
      treeshake: {
        // packages/shared is one barrel: a module whose exports the web app does not use (the
        // zod schemas, the kinship namer) must not reach the bundle for its top-level calls.
        moduleSideEffects: [{ test: /[\\/]packages[\\/]shared[\\/]src[\\/]/, sideEffects: false }],
      },
    },
  },
});
