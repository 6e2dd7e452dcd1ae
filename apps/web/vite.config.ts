/// <reference types="vitest/config" />
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

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

export default defineConfig({
  // React Fast Refresh patches React's renderer, which Preact is not: in dev an edit reloads the page.
  plugins: [react({ refreshExclude: /./ }), tailwindcss()],
  resolve: { alias: preactAliases },
  build: {
    // The manifest lets scripts/bundle-size.mjs measure exactly what the home route loads.
    manifest: true,
    target: 'es2022',
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
