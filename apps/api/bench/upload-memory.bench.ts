/**
 * Peak memory of the store process while it takes one ~40-megapixel PNG upload (the largest it
 * accepts). Starts the built server (dist/server.js, as `npm start` runs it) on a fresh embedded
 * database, uploads as an admin, and reads the process's resident memory from /proc (Linux
 * only): VmRSS before the upload, VmHWM (the high-water mark) after it.
 *
 *   npm run bench:upload -w @store/api
 *   UPLOADS=3 npm run bench:upload -w @store/api    # several at once: they are decoded one at a time
 *   DATABASE_URL=postgres://… npm run bench:upload -w @store/api   # images stored in PostgreSQL
 *   UPLOADS=30 UPLOAD_CONCURRENCY=30 npm run bench:upload -w @store/api   # the store's settings pass through
 *   IMAGE=noise UPLOADS=30 npm run bench:upload -w @store/api   # 5 MB of noise, 1.6 MP: the bodies, not the decode
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { createTokenService } from '../src/auth/tokens.js';
import { openPglite, openPostgres } from '../src/db/client.js';
import { users } from '../src/db/schema.js';
import { apiRoot } from '../src/lib/paths.js';

const WIDTH = 7_700;
const HEIGHT = 5_156; // 39.7 megapixels
const UPLOADS = Number(process.env.UPLOADS ?? 1);
const ADMIN = 'bench-admin@example.com';
/** An empty PostgreSQL database to store the images in (the `images` table); unset: embedded. */
const DATABASE_URL = process.env.DATABASE_URL;
const JWT_SECRET = 'bench-upload-secret-that-is-long-enough';
const databaseEnv: Record<string, string> = DATABASE_URL ? { DATABASE_URL, JWT_SECRET } : {};
/** The upload queue's settings, when given (decision 029). */
const queueEnv = Object.fromEntries(
  ['UPLOAD_CONCURRENCY', 'UPLOAD_QUEUE'].flatMap((name) =>
    process.env[name] ? [[name, process.env[name]]] : [],
  ),
);

const dataDir = mkdtempSync(path.join(tmpdir(), 'store-bench-'));
const spawned: ChildProcess[] = [];

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** The built store, as `npm start` runs it (the package script builds first): no tsx in memory. */
function run(script: string, args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, [script, ...args], {
    cwd: apiRoot,
    env: { PATH: process.env.PATH, DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  spawned.push(child);
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  return { child, exited };
}

/** A smooth gradient: 39.7 MP of pixels that PNG squeezes under the 5 MB upload limit. */
async function bigPng(): Promise<Buffer> {
  const pixels = Buffer.alloc(WIDTH * HEIGHT * 3);
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      const i = (y * WIDTH + x) * 3;
      pixels[i] = (x >> 5) & 255;
      pixels[i + 1] = (y >> 5) & 255;
      pixels[i + 2] = ((x + y) >> 6) & 255;
    }
  }
  return sharp(pixels, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
    .png({ compressionLevel: 9, progressive: process.env.INTERLACED !== '0' })
    .toBuffer();
}

/** Random pixels, which PNG cannot squeeze: a 5 MB upload that is cheap to decode. */
function noisyPng(): Promise<Buffer> {
  const side = 1_280;
  const pixels = Buffer.alloc(side * side * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = Math.floor(Math.random() * 256);
  return sharp(pixels, { raw: { width: side, height: side, channels: 3 } })
    .png()
    .toBuffer();
}

const memory = (pid: number, field: 'VmRSS' | 'VmHWM') => {
  const match = readFileSync(`/proc/${pid}/status`, 'utf8').match(new RegExp(`${field}:\\s+(\\d+) kB`));
  return Number(match?.[1]) / 1024;
};

async function main() {
  const noise = process.env.IMAGE === 'noise';
  const png = noise ? await noisyPng() : await bigPng();
  const megapixels = noise ? 1.6 : (WIDTH * HEIGHT) / 1e6;
  console.log(
    `upload: ${noise ? 'noise' : 'gradient'} PNG (${megapixels.toFixed(1)} MP, ${(png.length / 1e6).toFixed(1)} MB)`,
  );

  // The admin command makes the database and names the admin before the store starts.
  const promote = run('dist/cli/admin.js', ['promote', ADMIN], databaseEnv);
  if ((await promote.exited) !== 0) throw new Error('admin promote failed');
  // Our token names the row's version and creation time: read them while the store is stopped.
  const database = DATABASE_URL
    ? openPostgres({ url: DATABASE_URL })
    : await openPglite(path.join(dataDir, 'pglite'));
  // Admin powers start once the e-mail is verified (decision 030): the bench's admin has.
  await database.db.update(users).set({ emailVerified: true }).where(eq(users.email, ADMIN));
  const [admin] = await database.db.select().from(users).where(eq(users.email, ADMIN));
  await database.close();
  if (!admin) throw new Error('the admin row is missing');

  const port = await freePort();
  const store = run('dist/server.js', [], {
    PORT: String(port),
    HOST: '127.0.0.1',
    AUTH_EMULATOR: 'external',
    // Nothing listens there: the upload never asks the identity provider.
    FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${await freePort()}`,
    ...databaseEnv,
    ...queueEnv,
  });
  const base = `http://127.0.0.1:${port}`;
  for (
    let tries = 0;
    !(await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    ));
    tries++
  ) {
    if (tries > 600) throw new Error('the store did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  const pid = store.child.pid as number;
  const secret = DATABASE_URL ? JWT_SECRET : readFileSync(path.join(dataDir, 'jwt-secret'), 'utf8').trim();
  const token = createTokenService(secret).issue({ ...admin, name: 'Bench' });

  // Settle after start-up (migrations, seeding) before taking the baseline.
  await new Promise((r) => setTimeout(r, 2000));
  const startHwm = memory(pid, 'VmHWM');
  // Writing 5 resets the high-water mark to the current RSS, so the peak is the upload's alone.
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
  const baseline = memory(pid, 'VmRSS');
  const started = performance.now();
  const statuses = await Promise.all(
    Array.from({ length: UPLOADS }, async () => {
      const form = new FormData();
      form.append('image', new Blob([png], { type: 'image/png' }), 'big.png');
      const res = await fetch(`${base}/api/image`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
      await res.arrayBuffer();
      return res.status;
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const peak = memory(pid, 'VmHWM');

  console.log(`uploads: ${UPLOADS} at once, statuses ${statuses.join(', ')}, ${seconds.toFixed(1)} s`);
  console.log(
    `baseline RSS ${baseline.toFixed(0)} MB (high-water mark during start-up ${startHwm.toFixed(0)} MB)`,
  );
  console.log(`peak RSS     ${peak.toFixed(0)} MB (+${(peak - baseline).toFixed(0)} MB over the baseline)`);

  store.child.kill('SIGTERM');
  await store.exited;
}

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => {
    for (const child of spawned) if (child.exitCode === null) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });
