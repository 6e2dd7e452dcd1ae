import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The house rules `npm run lint` enforces, each shown failing. Probe files are never written into
 * the source tree: they go into a temporary copy of its layout (apps/…/src/…), linted with the
 * repository's own biome.json, or cruised with the API's own .dependency-cruiser.cjs.
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const apiRoot = path.join(repoRoot, 'apps/api');
const bin = (name: string) => path.join(repoRoot, 'node_modules/.bin', name);

const scratch = mkdtempSync(path.join(tmpdir(), 'store-boundaries-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A new tree under the scratch folder holding `files` (path → source), with biome.json at its root. */
function tree(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(scratch, 'tree-'));
  copyFileSync(path.join(repoRoot, 'biome.json'), path.join(root, 'biome.json'));
  for (const [name, source] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    writeFileSync(path.join(root, name), source);
  }
  return root;
}

function run(command: string, args: string[], cwd: string) {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', timeout: 60_000 });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

/** Biome's linter with the repository's biome.json, on `name` holding `source` at that path. */
function lint(name: string, source: string) {
  const root = tree({ [name]: source });
  // The scratch tree is no git repository: the VCS integration (.gitignore) is off for it.
  return run(bin('biome'), ['lint', '--vcs-enabled=false', '--max-diagnostics=50', name], root);
}

const restricted = (output: string) => output.match(/lint\/style\/noRestrictedImports/g)?.length ?? 0;

const DRIZZLE_IMPORTS = `import { eq } from 'drizzle-orm';
import { parts } from '../../db/schema.js';

export const probe = [eq, parts];
`;

describe('Drizzle only in repositories and db/ (biome.json)', { timeout: 60_000 }, () => {
  it.each([
    'apps/api/src/features/parts/routes.ts',
    'apps/api/src/features/parts/service.ts',
    'apps/api/src/features/parts/dto.ts',
    'apps/api/src/lib/some-helper.ts',
    'apps/api/src/jobs/some-job.ts',
    'apps/api/src/auth/guards.ts',
    'apps/web/src/lib/some-helper.ts',
    'packages/shared/src/some-schema.ts',
  ])('refuses Drizzle and the schema in %s', (name) => {
    const { status, output } = lint(name, DRIZZLE_IMPORTS);
    expect(status).not.toBe(0);
    expect(restricted(output)).toBe(2);
    expect(output).toContain('Only repositories (repo.ts, *-repo.ts) and db/ speak Drizzle');
  });

  it.each([
    'apps/api/src/features/parts/repo.ts',
    'apps/api/src/features/images/usage-repo.ts',
    'apps/api/src/mail/sent-emails-repo.ts',
    'apps/api/src/db/transaction-sql.ts',
  ])('lets %s use Drizzle and the schema', (name) => {
    const { status, output } = lint(name, DRIZZLE_IMPORTS);
    expect(output).not.toContain('noRestrictedImports');
    expect(status).toBe(0);
  });
});

describe('API layers (biome.json)', { timeout: 60_000 }, () => {
  it('refuses an import of a feature from auth/', () => {
    const { status, output } = lint(
      'apps/api/src/auth/guards.ts',
      "import type { UsersRepo } from '../features/users/repo.js';\n\nexport type Probe = UsersRepo;\n",
    );
    expect(status).not.toBe(0);
    expect(output).toContain('auth/ serves every feature and knows none');
  });

  it('refuses an import of a feature from a repository in auth/ too', () => {
    const { status, output } = lint(
      'apps/api/src/auth/sessions-repo.ts',
      "import { eq } from 'drizzle-orm';\nimport type { UsersRepo } from '../features/users/repo.js';\n\nexport type Probe = [UsersRepo, typeof eq];\n",
    );
    expect(status).not.toBe(0);
    expect(restricted(output)).toBe(1);
    expect(output).toContain('auth/ serves every feature and knows none');
  });

  it('refuses Express in a service', () => {
    const { status, output } = lint(
      'apps/api/src/features/parts/service.ts',
      "import type { Response } from 'express';\n\nexport type Probe = Response;\n",
    );
    expect(status).not.toBe(0);
    expect(output).toContain('Services know no HTTP');
  });
});

describe('kebab-case file names in apps/*/src and packages/*/src (biome.json)', { timeout: 60_000 }, () => {
  it.each([
    'apps/api/src/lib/someHelper.ts',
    'apps/web/src/components/PartCard.tsx',
    'packages/shared/src/order_schema.ts',
  ])('refuses %s', (name) => {
    const { status, output } = lint(name, 'export const probe = 1;\n');
    expect(status).not.toBe(0);
    expect(output).toContain('lint/style/useFilenamingConvention');
  });

  it.each(['apps/web/src/components/part-card.tsx', 'apps/api/src/lib/some-helper.test.ts'])(
    'accepts %s',
    (name) => {
      const { status, output } = lint(name, 'export const probe = 1;\n');
      expect(output).not.toContain('useFilenamingConvention');
      expect(status).toBe(0);
    },
  );
});

/**
 * dependency-cruiser with the API's config, on a scratch `src/` holding a feature `a` that imports
 * `imported` from a feature `b` (every file of `b` exists, so each import resolves).
 */
function cruiseFeatureImport(imported: string) {
  const b = ['repo.ts', 'usage-repo.ts', 'store.ts', 'service.ts', 'dto.ts', 'index.ts'];
  const root = tree({
    'tsconfig.json': JSON.stringify({
      compilerOptions: { module: 'nodenext', moduleResolution: 'nodenext' },
    }),
    'src/features/a/service.ts': `import type { Probe } from '../b/${imported}';\n\nexport type A = Probe;\n`,
    'src/features/a/repo.ts': 'export type Own = 1;\n',
    'src/features/a/routes.ts': "import type { Own } from './repo.js';\n\nexport type A = Own;\n",
    ...Object.fromEntries(b.map((file) => [`src/features/b/${file}`, 'export type Probe = 1;\n'])),
  });
  return run(bin('depcruise'), ['--config', path.join(apiRoot, '.dependency-cruiser.cjs'), 'src'], root);
}

describe('a feature uses another only through its surface (apps/api/.dependency-cruiser.cjs)', {
  timeout: 60_000,
}, () => {
  it.each(['repo.js', 'usage-repo.js', 'store.js'])(
    'refuses an import of another feature’s %s',
    (imported) => {
      const { status, output } = cruiseFeatureImport(imported);
      expect(status).not.toBe(0);
      expect(output).toContain('feature-only-through-its-surface');
      expect(output).toContain(
        `src/features/a/service.ts → src/features/b/${imported.replace('.js', '.ts')}`,
      );
    },
  );

  it.each(['service.js', 'dto.js', 'index.js'])('lets a feature import another’s %s', (imported) => {
    const { status, output } = cruiseFeatureImport(imported);
    expect(output).toContain('no dependency violations found');
    expect(status).toBe(0);
  });
});

describe('the real tree', { timeout: 60_000 }, () => {
  it('is within every rule above', () => {
    const linted = run(
      bin('biome'),
      ['lint', 'apps/api/src', 'apps/web/src', 'packages/shared/src'],
      repoRoot,
    );
    expect(linted.output).not.toContain('noRestrictedImports');
    expect(linted.output).not.toContain('useFilenamingConvention');
    expect(linted.status).toBe(0);
    const cruised = run(bin('depcruise'), ['--config', '.dependency-cruiser.cjs', 'src'], apiRoot);
    expect(cruised.output).toContain('no dependency violations found');
    expect(cruised.status).toBe(0);
  });
});
