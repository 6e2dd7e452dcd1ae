// Bundles the API into dist/: our workspace packages (TypeScript source) are compiled in,
// every npm dependency stays an import resolved from node_modules at run time.
import { cpSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

await build({
  // The Auth emulator's supervisor runs as a process of its own (see src/auth/emulator.ts).
  entryPoints: ['src/server.ts', 'src/cli/admin.ts', 'src/auth/emulator-supervisor.ts'],
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'externalize-npm-packages',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@store/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});

// The functions' and triggers' SQL files (src/db/sql-sources.ts), beside the bundle that applies
// them: an image of the store holds dist/, not src/.
for (const entry of readdirSync('src', { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !entry.name.endsWith('.sql')) continue;
  const from = path.join(entry.parentPath, entry.name);
  cpSync(from, path.join('dist/sql', from));
}
