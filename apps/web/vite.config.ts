import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { SiteRouteId } from '@bagysh/shared';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { SITE_NAME } from '../../packages/shared/src/site';
import { PLAIN_PAGES } from './src/config/plain-pages';

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

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
}

/** Lazy modules pages render on their first paint besides their route chunk (router.tsx). */
const FIRST_PAINT_EXTRAS: Record<string, string[]> = {
  // Every page. The toasts (sonner) come later: with the first toast, the page's first use or
  // after a few seconds (app-toaster.tsx).
  '*': ['src/boot.tsx'],
  // Every page but those drawn without them (config/plain-pages.ts): MUI's theme and the query
  // cache (lib/providers.tsx).
  provided: ['src/app/theme-provider.tsx', 'src/app/query-provider.tsx'],
  // The statistics page's charts (recharts), drawn at once.
  stats: ['src/features/tribe-stats/components/tribe-stats-chart.tsx'],
  // The map pages: their views, then Leaflet with its CSS, drawn at once.
  map: [
    'src/features/places-map/components/map-pages.tsx',
    'src/features/places-map/components/leaflet-map.tsx',
  ],
  place: [
    'src/features/places-map/components/map-pages.tsx',
    'src/features/places-map/components/leaflet-map.tsx',
  ],
  // A recording's page: its file, player and transcript.
  recording: ['src/app/routes/recording-page.tsx'],
  // The informants' pages (their chunk, not the recorder's), drawn at once.
  informants: ['src/features/voices/components/informants-pages.tsx'],
  informant: ['src/features/voices/components/informants-pages.tsx'],
  home: [
    'src/features/genealogy/components/home-search.tsx',
    'src/features/content/components/home-sections.tsx',
  ],
};

/**
 * Writes `.vite/first-paint.json`: the JS and CSS the entry loads, and for each route id
 * (SITE_ROUTES) the further files its first paint needs — its route chunk from router.tsx,
 * the lazy parts above, and everything those import statically, walked in the build manifest.
 * The server announces a page's files as modulepreload links in its index.html, so they
 * download alongside the entry instead of one after another (apps/api/src/plugins/web.ts),
 * and scripts/bundle-size.mjs holds each page to its budget.
 */
const firstPaint: Plugin = {
  name: 'bagysh-first-paint',
  apply: 'build',
  writeBundle({ dir }, bundle) {
    const manifestAsset = bundle['.vite/manifest.json'];
    if (!dir || manifestAsset?.type !== 'asset') return;
    const manifest = JSON.parse(String(manifestAsset.source)) as Record<string, ManifestChunk>;
    // A package's module is keyed by its path from the root (../../node_modules/…).
    const keyOf = (module: string) =>
      module in manifest ? module : Object.keys(manifest).find((key) => key.endsWith(`/${module}`));
    const walk = (module: string, files: Set<string>, seen = new Set<string>()) => {
      const key = keyOf(module);
      if (!key) throw new Error(`first paint: the build has no module ${module}`);
      if (seen.has(key)) return;
      seen.add(key);
      const chunk = manifest[key]!;
      files.add(chunk.file);
      for (const css of chunk.css ?? []) files.add(css);
      for (const imported of chunk.imports ?? []) walk(imported, files, seen);
    };
    const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
    if (!entryKey) throw new Error('first paint: the build has no entry');
    const entry = new Set<string>();
    walk(entryKey, entry);
    const router = readFileSync(new URL('./src/app/router.tsx', import.meta.url), 'utf8');
    const pages: Record<string, string[]> = {};
    // `id: () => import('./routes/file')`, or `id: name` for `const name = () => import(…)`
    // (a chunk two routes share).
    const shared = new Map(
      [...router.matchAll(/const (\w+) = \(\) => import\('\.\/routes\/([\w-]+)'\)/g)].map(
        ([, name, file]) => [name, file],
      ),
    );
    const routeFiles = [
      ...router.matchAll(/(\w+): \(\) => import\('\.\/routes\/([\w-]+)'\)/g),
      ...[...router.matchAll(/(\w+): (\w+),/g)]
        .filter(([, , name]) => shared.has(name))
        .map(([match, id, name]) => [match, id, shared.get(name)]),
    ];
    for (const [, id, file] of routeFiles) {
      if (!id || !file) continue;
      const files = new Set<string>();
      const modules = [`src/app/routes/${file}.tsx`, ...FIRST_PAINT_EXTRAS['*']!];
      if (!PLAIN_PAGES.has(id as SiteRouteId)) modules.push(...FIRST_PAINT_EXTRAS.provided!);
      for (const key of [...modules, ...(FIRST_PAINT_EXTRAS[id] ?? [])]) walk(key, files);
      pages[id] = [...files].filter((file) => !entry.has(file));
    }
    if (!pages.home || !pages.search) throw new Error('first paint: router.tsx was not understood');
    writeFileSync(
      join(dir, '.vite', 'first-paint.json'),
      JSON.stringify({ entry: [...entry], pages }, null, 1),
    );
  },
};

/**
 * react-router's package exports name only its development build (remix-run/react-router
 * #12532, #14102): the production build beside it lacks the dev warnings and is smaller.
 */
const reactRouterProduction = {
  find: /^react-router$/,
  replacement: fileURLToPath(
    new URL('../../node_modules/react-router/dist/production/index.mjs', import.meta.url),
  ),
};

/** Files every page has run before any lazy import but boot's (the entry's). */
const ALWAYS_LOADED = /(^|\/)(rolldown-runtime|framework)-[\w-]+\.js$/;

/** The page modules' names (src/app/routes/<name>.tsx is built as assets/<name>-<hash>.js). */
const PAGE_NAMES = new Set(
  readdirSync(new URL('./src/app/routes', import.meta.url))
    .filter((file) => file.endsWith('.tsx') && !file.includes('.test.'))
    .map((file) => file.slice(0, -'.tsx'.length)),
);
const isPageFile = (file: string) =>
  PAGE_NAMES.has(file.replace(/^.*\//, '').replace(/-[\w-]{8}\.js$/, ''));

const APP_MODULE = /[\\/]apps[\\/]web[\\/]src[\\/]/;
const FEATURE_INDEX = /[\\/]src[\\/]features[\\/][^\\/]+[\\/]index\.ts$/;

/** The app's own modules boot.tsx imports statically, filled in once the graph is built. */
const bootModules = new Set<string>();

/**
 * Finds the app's (and packages/shared's) modules that boot.tsx needs, however deep: the
 * router, the shell, the stores, the paths, the script. Pages import them too, so the
 * automatic splitting would make a dozen small shared chunks of them, each compressed on its
 * own; the 'shell' group below keeps them in one file.
 */
const bootGraph: Plugin = {
  name: 'bagysh-boot-graph',
  apply: 'build',
  buildEnd() {
    const boot = [...this.getModuleIds()].find((id) => id.endsWith('/src/boot.tsx'));
    const pending = boot ? [boot] : [];
    const seen = new Set<string>();
    while (pending.length > 0) {
      const id = pending.pop()!;
      if (seen.has(id)) continue;
      seen.add(id);
      // The app's own modules only: a barrel (packages/shared, a feature's index.ts) imports
      // far more than boot uses, and tree shaking drops the rest.
      // Its global styles stay with boot's own (the fonts' CSS): one stylesheet, not two. A CSS
      // module is a module of the shell's (its class names), with its styles.
      const globalCss = id.endsWith('.css') && !id.endsWith('.module.css');
      if (!APP_MODULE.test(id) || FEATURE_INDEX.test(id) || globalCss) continue;
      const info = this.getModuleInfo(id);
      // A module also loaded by import() (boot.tsx itself) keeps its own chunk.
      if (!info?.dynamicImporters.length) bootModules.add(id);
      pending.push(...(info?.importedIds ?? []));
    }
  },
};

export default defineConfig(({ command }) => ({
  plugins: [react(), siteName, bootGraph, firstPaint, precompress],
  resolve: { alias: command === 'build' ? [reactRouterProduction] : [] },
  server: {
    port: 5173,
    proxy: { '/api/': { target: apiTarget, changeOrigin: false } },
  },
  build: {
    target: 'es2022',
    assetsInlineLimit: 0,
    // .vite/manifest.json: the chunk graph scripts/bundle-size.mjs walks for each route's budget.
    manifest: true,
    modulePreload: {
      // A page's files are preloaded when it is imported, but not the three every page has run
      // before any lazy import but boot's: each route and lazy part listed them again (bytes in
      // the first paint's route table, and link elements added for nothing). A lazy part of a
      // page (menu, dialog, picker) preloads only its CSS: its MUI pieces, listed by name and
      // hash for each part, cost the first paint over a kilobyte, and are most often loaded
      // already by the page that opens the part.
      resolveDependencies: (file, deps, { hostId }) =>
        /(^|\/)index-[\w-]+\.js$/.test(hostId)
          ? deps
          : deps.filter(
              (dep) => !ALWAYS_LOADED.test(dep) && (isPageFile(file) || dep.endsWith('.css')),
            ),
    },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the first paint needs in one file: a dozen small shared chunks would
          // each be compressed on their own and cost more than their sum.
          groups: [
            { name: 'app', tags: ['$initial'] },
            // What every page runs (boot.tsx and its libraries), one file rather than dozens.
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|zustand)[\\/]/,
            },
            // The query cache: every page's data, the landing page's too.
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/]/ },
            // MUI's theme with emotion, and the components of most pages' first paint, with what
            // they use of @mui/system and @mui/utils (a group takes its modules' dependencies):
            // one file rather than twenty small ones each compressed on its own. Components only
            // some pages use (menus, dialogs, tabs…) stay apart. The landing page loads none of
            // it (config/plain-pages.ts).
            {
              name: 'ui',
              test: /node_modules[\\/](@emotion[\\/]\w+|@mui[\\/]material[\\/](styles|colors|zero-styled|transitions|DefaultPropsProvider|GlobalStyles|Box|Container|Stack|Grid|Paper|Typography|SvgIcon|ButtonBase|useLazyRipple|Button|IconButton|CircularProgress|Skeleton))[\\/]/,
            },
            // The genealogy reads both the search and the person page paint with (typed, no
            // zod), their query keys and the label formatting: one file, not two whose split
            // follows which lazy editor imports what.
            {
              name: 'tree-reads',
              test: /[\\/]features[\\/]genealogy[\\/](api[\\/](tree-reads|genealogy-keys)|lib[\\/]format)\.ts$/,
              includeDependenciesRecursively: false,
            },
            // The app's modules of boot.tsx (bagysh-boot-graph above).
            {
              name: 'shell',
              test: (id: string) => bootModules.has(id),
              // Its libraries are in the groups above, the shared code in chunks of its own.
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
      treeshake: {
        // packages/shared is one barrel: a module whose exports the web app does not use (the
        // zod schemas, the kinship namer) must not reach the bundle for its top-level calls.
        moduleSideEffects: [
          { test: /[\\/]packages[\\/]shared[\\/]src[\\/]/, sideEffects: false },
          // A feature's index.ts only re-exports: a page that takes the name search from it must
          // not get the person editor, the comparison and the moderation queue with it.
          { test: /[\\/]src[\\/]features[\\/][^\\/]+[\\/]index\.ts$/, sideEffects: false },
        ],
      },
    },
  },
}));
