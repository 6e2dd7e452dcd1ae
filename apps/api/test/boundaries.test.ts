import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const biome = path.join(repoRoot, 'node_modules/.bin/biome');

/** Runs Biome's linter as `npm run lint` does (biome.json at the root), on the given paths. */
function lint(...paths: string[]) {
  const run = spawnSync(biome, ['lint', '--max-diagnostics=50', ...paths], {
    cwd: repoRoot,
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

/**
 * Lints `source` as the file `name` in a new folder under apps/api/src/`area` (so the overrides
 * for that area apply), and removes the folder afterwards, whatever happened.
 */
function lintProbe(area: 'auth' | 'features', name: string, source: string) {
  const folder = path.join(repoRoot, 'apps/api/src', area, `probe-${randomUUID().slice(0, 8)}`);
  mkdirSync(folder);
  try {
    writeFileSync(path.join(folder, name), source);
    return lint(path.relative(repoRoot, path.join(folder, name)));
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

const DRIZZLE_IMPORTS = `import { eq } from 'drizzle-orm';
import { parts } from '../../db/schema.js';

export const probe = [eq, parts];
`;

describe('API boundaries enforced by the linter (biome.json overrides)', () => {
  it('refuses an import of a feature from auth/', () => {
    const { status, output } = lintProbe(
      'auth',
      'guards.ts',
      "import type { UsersRepo } from '../features/users/repo.js';\n\nexport type Probe = UsersRepo;\n",
    );
    expect(status).not.toBe(0);
    expect(output).toContain('lint/style/noRestrictedImports');
  });

  it.each(['routes.ts', 'handlers.ts', 'service.ts'])(
    'refuses Drizzle and the schema in a feature %s',
    (name) => {
      const { status, output } = lintProbe('features', name, DRIZZLE_IMPORTS);
      expect(status).not.toBe(0);
      expect(output.match(/lint\/style\/noRestrictedImports/g)).toHaveLength(2);
    },
  );

  it('refuses Express in a service', () => {
    const { status, output } = lintProbe(
      'features',
      'service.ts',
      "import type { Response } from 'express';\n\nexport type Probe = Response;\n",
    );
    expect(status).not.toBe(0);
    expect(output).toContain('Services know no HTTP');
  });

  it('lets a repository use Drizzle and the schema', () => {
    const { status, output } = lintProbe('features', 'repo.ts', DRIZZLE_IMPORTS);
    expect(output).not.toContain('noRestrictedImports');
    expect(status).toBe(0);
  });

  it('finds the real API within its boundaries', () => {
    const { status, output } = lint('apps/api/src');
    expect(output).not.toContain('noRestrictedImports');
    expect(status).toBe(0);
  });
});
