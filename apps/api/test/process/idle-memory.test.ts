import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { measureIdleMemory } from '../../bench/idle-memory.js';
import { apiRoot } from '../../src/lib/paths.js';

/** The embedded store idles under this (its own process; the Auth emulator is another). */
const LIMIT_MB = 350;

const webDistDir = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
beforeAll(async () => {
  // Measured as `npm start` runs it: the bundle under plain node, not src/ under tsx (whose
  // compiler would be counted too). The build takes a few seconds and changes nothing if current.
  await promisify(execFile)(process.execPath, ['scripts/build.mjs'], { cwd: apiRoot });
  // The store serves whatever SPA it is given; this test does not need the real one built.
  writeFileSync(
    path.join(webDistDir, 'index.html'),
    '<!doctype html><html lang="en"><head><title>Parts</title></head><body><div id="root"></div></body></html>',
  );
}, 120_000);
afterAll(() => rmSync(webDistDir, { recursive: true, force: true }));

describe('the embedded store at idle', () => {
  it(`stays under ${LIMIT_MB} MB resident after start-up and a visitor's first requests`, async () => {
    let output = '';
    const m = await measureIdleMemory({
      webDistDir,
      rereadAbove: LIMIT_MB,
      onOutput: (text) => {
        output += text;
      },
    });
    const figures =
      `RSS ${m.rssMb.toFixed(0)} MB (reading ${m.readings}; peak ${m.peakMb.toFixed(0)} MB), ` +
      `V8 heap ${m.heapTotalMb.toFixed(0)} MB, external ${m.externalMb.toFixed(0)} MB ` +
      `(${m.arrayBuffersMb.toFixed(0)} MB ArrayBuffers)\n${output}`;
    expect(m.requests, figures).toContain('200 GET /login');
    expect(m.rssMb, figures).toBeGreaterThan(0);
    expect(m.rssMb, figures).toBeLessThan(LIMIT_MB);
    // Stopped cleanly, with its emulator: nothing is left running.
    expect(m.exitCode, figures).toBe(0);
    expect(m.leftovers, figures).toEqual([]);
  }, 330_000);
});
