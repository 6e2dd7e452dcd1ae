import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrationsDir } from '../../src/lib/paths.js';

describe('migrations', () => {
  it('never name a schema, so the store (and each test file) can live in any schema', () => {
    // drizzle-kit writes REFERENCES "public"."x" for foreign keys: strip the qualifier.
    for (const file of readdirSync(migrationsDir).filter((f) => f.endsWith('.sql'))) {
      expect(readFileSync(path.join(migrationsDir, file), 'utf8'), file).not.toMatch(/"public"\./);
    }
  });

  it("are applied in the journal's order: each newer than the last, each with its file", () => {
    // Drizzle applies only the migrations whose `when` is later than the newest one a database
    // has: one stamped earlier (a hand-written or merged entry) would be skipped there, silently.
    const journal = JSON.parse(readFileSync(path.join(migrationsDir, 'meta/_journal.json'), 'utf8')) as {
      entries: { idx: number; when: number; tag: string }[];
    };
    const files = readdirSync(migrationsDir).filter((f) => f.endsWith('.sql'));
    expect(journal.entries.map((entry) => `${entry.tag}.sql`).sort()).toEqual([...files].sort());
    let previous = 0;
    for (const entry of journal.entries) {
      expect(entry.tag.startsWith(String(entry.idx).padStart(4, '0')), entry.tag).toBe(true);
      expect(entry.when, entry.tag).toBeGreaterThan(previous);
      previous = entry.when;
    }
  });
});
