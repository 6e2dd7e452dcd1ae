// Bundles the API into dist/: our workspace packages (TypeScript source) are compiled in,
// every npm dependency stays an import resolved from node_modules at run time.
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
