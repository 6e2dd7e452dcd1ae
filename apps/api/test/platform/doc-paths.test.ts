import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiRoot } from '../../src/lib/paths.js';

const repoRoot = path.resolve(apiRoot, '../..');

/** The documents a maintainer reads: the README and everything under docs/. */
const documents = [
  'README.md',
  ...readdirSync(path.join(repoRoot, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.md'))
    .map((file) => path.join('docs', file)),
];

/** Where a path the documents give without its app is read from: each app's root, source and features. */
const bases = ['', 'apps/api/', 'apps/api/src/', 'apps/api/src/features/', 'apps/web/', 'apps/web/src/'];
const moreBases = ['apps/web/src/features/', 'packages/shared/', 'packages/shared/src/', 'docs/'];

const exists = (file: string) => existsSync(path.join(repoRoot, file));
/** `docs/decisions/013` names decision 013's record. */
const decisionExists = (file: string) => {
  const number = /^docs\/decisions\/(\d{3})$/.exec(file)?.[1];
  return (
    number !== undefined &&
    readdirSync(path.join(repoRoot, 'docs/decisions')).some((f) => f.startsWith(number))
  );
};

describe('the documents', () => {
  it('name only paths that exist', () => {
    const missing: string[] = [];
    for (const document of documents) {
      const text = readFileSync(path.join(repoRoot, document), 'utf8');
      // A path from the repository's root: apps/…, packages/…, docs/….
      for (const [found] of text.matchAll(/\b(?:apps|packages|docs)\/[\w./-]*\w/g)) {
        if (!exists(found) && !decisionExists(found)) missing.push(`${document}: ${found}`);
      }
      // A file named in code style, from an app's root or source (`db/schema.ts`).
      for (const [, found = ''] of text.matchAll(
        /`([\w.-]+(?:\/[\w.-]+)+\.(?:ts|tsx|sql|mjs|cjs|json|md|yml))`/g,
      )) {
        if (![...bases, ...moreBases].some((base) => exists(base + found)))
          missing.push(`${document}: ${found}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
