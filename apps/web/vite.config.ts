/// <reference types="vitest/config" />

import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
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
  'react-dom': 'preact/compat',
  react: 'preact/compat',
}).map(([find, replacement]) => ({ find: new RegExp(`^${find}$`), replacement }));

/**
 * Everything `src/main.tsx` imports statically (and what that imports) runs before the first page
 * can render, so it ships as one file: split along the lines the lazy routes share, it was ~20
 * files, and over HTTP/1.1's six connections each wave of requests waited a round trip (issue 12:
 * Lighthouse's first paint). Lazy routes and the libraries only they use (Firebase, forms, zod)
 * stay in chunks of their own; what they share with the shell they import from this file.
 */
/**
 * Merged: the app's own modules and the framework under every page. Not the shared package or
 * other libraries: the walk follows a barrel's every re-export, used or not, and would bring the
 * shared schemas, and zod with them, into the first load.
 */
const FIRST_LOAD_SOURCES = /\/apps\/web\/src\/|\/node_modules\/(preact|react-router|@tanstack)\//;

function firstLoadChunk(): ChunkName {
  const entry = fileURLToPath(new URL('./src/main.tsx', import.meta.url));
  let firstLoad: Set<string> | undefined;
  return (id, context) => {
    if (!firstLoad) {
      firstLoad = new Set();
      const pending = [entry];
      for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
        if (firstLoad.has(next)) continue;
        firstLoad.add(next);
        pending.push(...(context.getModuleInfo(next)?.importedIds ?? []));
      }
    }
    return firstLoad.has(id) && FIRST_LOAD_SOURCES.test(id) ? 'first-load' : null;
  };
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

export default defineConfig({
  // React Fast Refresh patches React's renderer, which Preact is not: in dev an edit reloads the page.
  plugins: [react({ refreshExclude: /./ }), tailwindcss(), stylesheetFirst, firstViews()],
  resolve: { alias: preactAliases },
  build: {
    // The manifest lets scripts/bundle-size.mjs measure exactly what the home route loads.
    manifest: true,
    target: 'es2022',
    modulePreload: {
      // index.html keeps its <link rel="modulepreload"> list (the entry's imports, fetched in
      // parallel). A dynamic import() gets no <link> elements added to the head for its chunk's
      // imports: inserting them cost ~30 ms of main thread at start-up (on a fast machine; four
      // times that under Lighthouse's mobile throttling), more than the waterfall it saves.
      resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []),
    },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Only the modules named below; what they import goes wherever the bundler would put it.
          includeDependenciesRecursively: false,
          groups: [{ name: firstLoadChunk(), debugName: 'first-load' }],
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
});
