import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { SITE_NAME } from '../../packages/shared/src/site';

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '3000'}`;

/** index.html's title is the site name constant (the server puts each route's title there). */
const siteName: Plugin = {
  name: 'bagysh-site-name',
  transformIndexHtml: (html) => html.replaceAll('%SITE_NAME%', SITE_NAME),
};

/** Text files worth a compressed copy; fonts (woff2) and images are compressed already. */
const TEXT_FILE = /\.(js|mjs|css|html|svg|json|xml|txt|webmanifest)$/;

/**
 * Writes `x.br` (brotli at its best quality) and `x.gz` beside every text file of the build:
 * the server sends them as they are by Accept-Encoding (apps/api/src/plugins/web.ts), so no
 * request pays for compression and the best ratio costs nothing at run time.
 */
const precompress: Plugin = {
  name: 'bagysh-precompress',
  apply: 'build',
  writeBundle({ dir }) {
    if (!dir) return;
    const files = readdirSync(dir, { recursive: true, encoding: 'utf8' });
    for (const file of files.filter((name) => TEXT_FILE.test(name))) {
      const path = join(dir, file);
      const content = readFileSync(path);
      writeFileSync(
        `${path}.br`,
        brotliCompressSync(content, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        }),
      );
      writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }));
    }
  },
};

export default defineConfig({
  plugins: [react(), siteName, precompress],
  server: {
    port: 5173,
    proxy: { '/api/': { target: apiTarget, changeOrigin: false } },
  },
  build: {
    target: 'es2022',
    assetsInlineLimit: 0,
    // .vite/manifest.json: the chunk graph scripts/bundle-size.mjs walks for each route's budget.
    manifest: true,
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
