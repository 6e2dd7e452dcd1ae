/**
 * The web app's boundaries: a feature stands alone, never importing another feature, and the
 * shared layers (components/, hooks/, lib/) never reach up into features. What two features share
 * lives in a shared layer; the app shell (app/) wires features together, and its router loads
 * their pages lazily by path. The entry points (main.tsx, islands.tsx, ssr/) are held to a
 * feature's index.ts, or its islands.ts.
 * Run by `npm run lint`.
 */
module.exports = {
  forbidden: [
    {
      name: 'features-stand-alone',
      comment:
        'A feature imports only its own files. What two features share belongs in components/, hooks/ or lib/; app/ composes features.',
      severity: 'error',
      from: { path: '^src/features/([^/]+)/' },
      to: { path: '^src/features/', pathNot: '^src/features/$1/' },
    },
    {
      name: 'shared-layers-never-import-features',
      comment: 'components/, hooks/ and lib/ serve every feature, so they may not depend on one.',
      severity: 'error',
      from: { path: '^src/(components|hooks|lib)/' },
      to: { path: '^src/features/' },
    },
    {
      name: 'app-uses-features-through-index-or-pages',
      comment: 'The shell uses a feature through its index.ts, or lazily loads one of its pages.',
      severity: 'error',
      from: { path: '^src/app/' },
      to: {
        path: '^src/features/[^/]+/.+',
        pathNot: ['^src/features/[^/]+/index\\.ts$', '^src/features/[^/]+/pages/'],
      },
    },
    {
      name: 'entries-use-features-through-index',
      comment:
        'The entry points (main.tsx, islands.tsx, ssr/, any file outside the layers above) use a feature through its index.ts, or the islands.ts naming the islands it lends to server-rendered pages.',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/(features|app|components|hooks|lib)/' },
      to: {
        path: '^src/features/[^/]+/.+',
        pathNot: ['^src/features/[^/]+/(index|islands)\\.tsx?$'],
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
