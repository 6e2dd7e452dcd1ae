/// <reference types="vitest/config" />

import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type UserConfig } from 'vite';
import { bootWatch } from './vite-plugins/boot-watch.ts';
import { firstViews } from './vite-plugins/first-views.ts';

/** Rolldown's chunk-naming callback (output.codeSplitting.groups), as far as it is used here. */
type ChunkName = (
  id: string,
  context: { getModuleInfo(id: string): { importedIds: readonly string[] } | null },
) => string | null;

const apiTarget = process.env.VITE_DEV_API_URL ?? 'http://localhost:3000';

/**
 * The app is written against React's API and ships on Preact's compat layer (decision 018): the
 * home route's first load has a 100 kB budget, and React DOM alone is ~65 kB of it. Exact matches,
 * so `react-dom/client` is not read as `react-dom` + '/client'. Dependencies (React Router,
 * TanStack Query, react-hook-form, react-toastify) resolve through the same aliases, and so do the
 * unit tests (`test` below), so they test what ships.
 */
const preactAliases = Object.entries({
  'react/jsx-runtime': 'preact/compat/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/compat/jsx-dev-runtime',
  'react-dom/client': 'preact/compat/client',
  'react-dom/server': 'preact/compat/server',
  'react-dom': 'preact/compat',
  react: 'preact/compat',
}).map(([find, replacement]) => ({ find: new RegExp(`^${find}$`), replacement }));

/**
 * Everything `src/main.tsx` imports statically (and what that imports) runs before the first page
 * can render, so it ships as one file: split along the lines the lazy routes share, it would be
 * ~20 files, and over HTTP/1.1's six connections each wave of requests would wait a round trip
 * before Lighthouse's first paint. Lazy routes and the libraries only they use (Firebase, forms, zod)
 * stay in chunks of their own; what they share with the shell they import from this file.
 * What `src/islands.tsx` imports, the whole of a server-rendered page's script (decision 023),
 * is its own file, which the app's file imports in turn: a page with islands loads no more.
 */
/**
 * Merged: the app's own modules and the framework under every page. Not the shared package or
 * other libraries: the walk follows a barrel's every re-export, used or not, and would bring the
 * shared schemas, and zod with them, into the first load.
 */
const FIRST_LOAD_SOURCES = /\/apps\/web\/src\/|\/node_modules\/(preact|react-router|@tanstack)\//;

/**
 * The catalogue's files the shell and the islands use (packages/shared/src/messages/): one chunk,
 * as the catalogue was one file before it was split by feature; left to the bundler, each became
 * a file of its own on the first load (18 files instead of 10). The pages' own namespaces stay
 * with the pages.
 */
const SHELL_CATALOGUE =
  /\/packages\/shared\/src\/messages\/(index|api-errors|auth|common|head|layout|pages|parts|toasts)\.ts$/;

const PART_CARD = /\/apps\/web\/src\/components\/(part-card|part-sku|purchase-action|stock-badge)\.tsx$/;

function entryChunks(): ChunkName {
  const entries = { main: page('./src/main.tsx'), islands: page('./src/islands.tsx') };
  let closures: { firstLoad: Set<string>; islands: Set<string> } | undefined;
  return (id, context) => {
    closures ??= {
      firstLoad: staticImports(entries.main, context),
      islands: staticImports(entries.islands, context),
    };
    if (SHELL_CATALOGUE.test(id)) return 'messages';
    // The entries stay files of their own: each page (index.html, islands.html) names its own.
    if (!FIRST_LOAD_SOURCES.test(id) || id === entries.main || id === entries.islands) return null;
    if (closures.islands.has(id)) return 'island-kit';
    return closures.firstLoad.has(id) ? 'first-load' : null;
  };
}

function staticImports(entry: string, context: Parameters<ChunkName>[1]): Set<string> {
  const found = new Set<string>();
  const pending = [entry];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (found.has(next)) continue;
    found.add(next);
    pending.push(...(context.getModuleInfo(next)?.importedIds ?? []));
  }
  return found;
}

/**
 * The stylesheet is asked for before the module scripts: it is all the first paint waits for
 * (index.html carries the loading state as markup), and listed last, as Vite writes it, it queued
 * behind every script.
 */
const stylesheetFirst: Plugin = {
  name: 'stylesheet-first',
  transformIndexHtml: {
    order: 'post',
    handler(html) {
      const stylesheets = html.match(/<link rel="stylesheet"[^>]*>\s*/g) ?? [];
      const withoutThem = stylesheets.reduce((page, link) => page.replace(link, ''), html);
      return withoutThem.replace(/<script type="module"/, (script) => `${stylesheets.join('')}${script}`);
    },
  },
};

/**
 * `vite build --ssr src/ssr/render-page.tsx` (the second half of `npm run build`): the module the
 * store renders public pages with (decision 023), into dist/server/. Everything is bundled, the
 * libraries too: they must resolve through the Preact aliases above, as in the browser.
 */
const serverBuild: UserConfig = {
  plugins: [react({ refreshExclude: /./ })],
  resolve: { alias: preactAliases },
  ssr: { noExternal: true, target: 'node' },
  build: { outDir: 'dist/server', target: 'node20', emptyOutDir: true, copyPublicDir: false },
};

export default defineConfig(({ isSsrBuild }) => (isSsrBuild ? serverBuild : browserBuild));

const page = (file: string) => fileURLToPath(new URL(file, import.meta.url));

const browserBuild: UserConfig = {
  // React Fast Refresh patches React's renderer, which Preact is not: in dev an edit reloads the page.
  plugins: [react({ refreshExclude: /./ }), tailwindcss(), bootWatch(), stylesheetFirst, firstViews()],
  resolve: { alias: preactAliases },
  build: {
    // The manifest lets scripts/bundle-size.mjs measure exactly what the home route loads.
    manifest: true,
    target: 'es2022',
    modulePreload: {
      // Every browser the build targets (es2022) preloads modules itself.
      polyfill: false,
      // index.html keeps its <link rel="modulepreload"> list (the entry's imports, fetched in
      // parallel). A dynamic import() gets no <link> elements added to the head for its chunk's
      // imports: inserting them cost ~30 ms of main thread at start-up (on a fast machine; four
      // times that under Lighthouse's mobile throttling), more than the waterfall it saves.
      resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []),
    },
    rolldownOptions: {
      // The app, and the script of a page the store renders (decision 023).
      input: { index: page('./index.html'), islands: page('./islands.html') },
      output: {
        codeSplitting: {
          // Only the modules named below; what they import goes wherever the bundler would put it.
          includeDependenciesRecursively: false,
          groups: [
            { name: entryChunks(), debugName: 'entry-chunks' },
            // A part's card and the pieces it shares with the part and Purchase pages: one file for
            // the home page, the catalog and a category, rather than one per piece.
            { name: 'part-card', test: PART_CARD },
          ],
        },
      },
    },
  },
  server: {
    // The store also forwards the Auth emulator's sign-in endpoints (auth/emulator-proxy.ts).
    proxy: Object.fromEntries(
      ['/api', '/media', '/uploads', '/identitytoolkit.googleapis.com', '/securetoken.googleapis.com'].map(
        (prefix) => [prefix, apiTarget],
      ),
    ),
  },
  test: {
    include: ['src/**/*.test.ts'],
  },
};
