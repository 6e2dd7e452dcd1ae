// Measures the JavaScript a browser downloads to show the home route, gzip-compressed, from the
// Vite manifest of the production build: when the app draws it (the entry chunk, its static
// imports and the home page's lazy chunk with its imports), and on the page the store renders,
// for a visitor (islands.html and its imports; docs/decisions/023). Fails above the budget.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

// The home route's first-load budget. It holds because the app ships on Preact's compat layer
// (~10 kB where React DOM takes ~65 kB; vite.config.ts, docs/decisions/018); lower it as the build
// shrinks, never raise it without a decision record.
const BUDGET_KB = 100;
const HOME_MODULE = 'src/features/home/pages/home-page.tsx';
const dist = path.resolve(import.meta.dirname, '../dist');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));

function collect(key, files = new Set()) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the Vite manifest`);
  if (files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) collect(imported, files);
  return files;
}

function measure(label, files) {
  let total = 0;
  for (const file of files) {
    const size = gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
    total += size;
    console.log(`${(size / 1024).toFixed(1).padStart(7)} kB  ${file}`);
  }
  const totalKb = total / 1024;
  console.log(`${totalKb.toFixed(1).padStart(7)} kB  ${label}, gzip (budget ${BUDGET_KB} kB)\n`);
  return totalKb;
}

const app = measure('home route initial JavaScript, the app', collect(HOME_MODULE, collect('index.html')));
const rendered = measure('home route initial JavaScript, rendered by the store', collect('islands.html'));
const over = Math.max(app, rendered) - BUDGET_KB;
if (over > 0) {
  console.error(`Over budget by ${over.toFixed(1)} kB`);
  process.exit(1);
}
