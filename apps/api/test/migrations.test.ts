import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrationsDir } from '../src/lib/paths.js';

describe('migrations', () => {
  it('never name a schema, so the store (and each test file) can live in any schema', () => {
    // drizzle-kit writes REFERENCES "public"."x" for foreign keys: strip the qualifier.
    for (const file of readdirSync(migrationsDir).filter((f) => f.endsWith('.sql'))) {
      expect(readFileSync(path.join(migrationsDir, file), 'utf8'), file).not.toMatch(/"public"\./);
    }
  });
});
