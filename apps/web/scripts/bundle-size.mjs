// Measures the JavaScript a browser downloads to show the home route (the entry chunk, its
// static imports and the home page's lazy chunk with its imports), gzip-compressed, from the
// Vite manifest of the production build. Fails above the budget.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

// Issue 12's budget. It holds because the app ships on Preact's compat layer (~10 kB where React
// DOM was ~65 kB; vite.config.ts, docs/decisions/018); lower it as the build shrinks, never raise
// it without a decision record.
const BUDGET_KB = 100;
const HOME_MODULE = 'src/features/home/pages/home-page.tsx';
const dist = path.resolve(import.meta.dirname, '../dist');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));

const files = new Set();
function collect(key) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the Vite manifest`);
  if (files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) collect(imported);
}
collect('index.html');
collect(HOME_MODULE);

let total = 0;
for (const file of files) {
  const size = gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
  total += size;
  console.log(`${(size / 1024).toFixed(1).padStart(7)} kB  ${file}`);
}
const totalKb = total / 1024;
console.log(
  `${totalKb.toFixed(1).padStart(7)} kB  home route initial JavaScript, gzip (budget ${BUDGET_KB} kB)`,
);
if (totalKb > BUDGET_KB) {
  console.error(`Over budget by ${(totalKb - BUDGET_KB).toFixed(1)} kB`);
  process.exit(1);
}
