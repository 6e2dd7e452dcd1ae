import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The folder of this package (apps/api). Found by walking up to its package.json, so the same
 * code works from src/ under tsx or vitest and from the bundle in dist/.
 */
function findApiRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('apps/api/package.json not found above the running file');
    dir = parent;
  }
  return dir;
}

export const apiRoot = findApiRoot();
export const migrationsDir = path.join(apiRoot, 'drizzle');
export const assetsDir = path.join(apiRoot, 'assets');
