/**
 * The API's feature boundaries: a feature uses another only through its public
 * surface, the files it keeps for others: `service.ts` (what it does, and the types its callers
 * pass), `dto.ts` (the shapes it hands out) and `index.ts` (anything else it shares). Its
 * repositories (`repo.ts`, `*-repo.ts`) and every other file are its own: a feature that needs
 * another's data asks that feature's service, or declares the narrow port it needs and lets the
 * app (app.ts) wire the other's repository into it. Code outside features/ (app.ts, jobs/, mail/)
 * is what wires features together and is not bound by this.
 * Run by `npm run lint`; test/platform/boundaries.test.ts shows each rule failing.
 */
module.exports = {
  forbidden: [
    {
      name: 'feature-only-through-its-surface',
      comment:
        'Import another feature through its service.ts, dto.ts or index.ts, never its repository or other internals.',
      severity: 'error',
      from: { path: '^src/features/([^/]+)/' },
      to: {
        path: '^src/features/[^/]+/.+',
        pathNot: ['^src/features/$1/', '^src/features/[^/]+/(service|dto|index)\\.ts$'],
      },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    exclude: { path: '\\.test\\.ts$' },
  },
};
