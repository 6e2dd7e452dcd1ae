import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { IdentitySettings, MoneyPattern, StoreContact, TaxRule } from '@store/shared';
import pg from 'pg';
import request from 'supertest';
import { inject } from 'vitest';
import { createApp } from '../../src/app.js';
import { createFirebaseIdentity } from '../../src/auth/identity.js';
import { createTokenService } from '../../src/auth/tokens.js';
import { type DatabaseHandle, openPglite, openPostgres, type QueryLogger } from '../../src/db/client.js';
import type { parts } from '../../src/db/schema.js';
import type { S3Settings } from '../../src/features/images/s3-store.js';
import { InvoiceCache } from '../../src/features/invoices/cache.js';
import type { StripeSettings } from '../../src/features/payments/index.js';
import type { JobQueue } from '../../src/jobs/queue.js';
import type { BoundedQueue } from '../../src/lib/bounded-queue.js';
import { createLogger } from '../../src/lib/logger.js';
import { followChanges, ReadCache } from '../../src/lib/read-cache/cache.js';
import { serveCachedFirst } from '../../src/lib/read-cache/fast-layer.js';
import { openRedis } from '../../src/lib/redis.js';
import { eventually } from './eventually.js';
import { capture, logCapture } from './log-capture.js';

export const usingPostgres = process.env.TEST_DB === 'postgres';

/**
 * A migrated, empty database for one test file: in-memory PGlite, or (api:postgres project)
 * a fresh schema in the run's PostgreSQL database, dropped by `close()`.
 */
export async function openTestDatabase({
  logQuery,
}: {
  logQuery?: QueryLogger;
} = {}): Promise<DatabaseHandle> {
  if (!usingPostgres) {
    // A copy of the run's migrated template (setup/pglite-template.ts), beside it: removed by
    // `close()`, or with the template at the end of the run if a file never closes it.
    const template = inject('pgliteTemplate');
    const dir = mkdtempSync(path.join(path.dirname(path.dirname(template)), 'db-'));
    const dataDir = path.join(dir, 'pglite');
    cpSync(template, dataDir, { recursive: true });
    const handle = await openPglite(dataDir, logQuery);
    await handle.migrate();
    return {
      ...handle,
      async close() {
        await handle.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const url = inject('postgresRunUrl');
  const schema = `t_${randomBytes(6).toString('hex')}`;
  await withClient(url, (client) => client.query(`create schema ${schema}`));
  const handle = openPostgres({ url, searchPath: schema, maxConnections: 30, ...(logQuery && { logQuery }) });
  await handle.migrate();
  return {
    ...handle,
    async close() {
      await handle.close();
      await withClient(url, (client) => client.query(`drop schema ${schema} cascade`));
    },
  };
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256';
export const TEST_FIREBASE_PROJECT = 'demo-parts-depot-test';
export const TEST_PAYMENT_INSTRUCTIONS = 'Pay by bank transfer to the test account.';
export const TEST_SELLER = {
  name: 'Test Parts Supply Co',
  address: '7 Test Street, Testville TS1 1TT',
  taxId: 'TEST-VAT-123456',
};

export async function createTestApp(
  options: {
    webDistDir?: string;
    adminEmails?: string[];
    authRateLimit?: number;
    /** The per-account write limits; out of the way unless a test sets them. */
    accountLimits?: Partial<{
      reviewsPerMinute: number;
      reviewsPerDay: number;
      profileChangesPerHour: number;
      orderChangesPerMinute: number;
      cartChangesPerMinute: number;
      invoicesPerMinute: number;
    }>;
    /** Sign-in limits counted in this Redis, under this key prefix (unique per test). */
    /**
     * `ready`: wait until the client has connected. A test that counts across instances needs
     * it: until then an instance counts in its own memory (lib/shared-rate-limit-store.ts).
     */
    redis?: { url: string; prefix: string; ready?: boolean };
    maxOpenOrders?: number;
    /** MAX_UNPAID_TOTAL in cents; unset: no practical limit (suites about other rules). */
    maxUnpaidTotalCents?: number;
    lowStockThreshold?: number;
    /** The queue writes enqueue into (the e-mails); without it jobs are dropped. */
    jobs?: JobQueue;
    imageHostKey?: string;
    imageHostOrigins?: string[];
    /** Where the job queue's mailer writes e-mails without SMTP (GET /api/outbox lists it). */
    outboxDir?: string;
    /** Another database than the file's fresh one (e.g. a server that is down). */
    database?: DatabaseHandle;
    onEmulatorAccountsChanged?: () => void;
    identitySettings?: IdentitySettings;
    /** A test's own Auth emulator and project, instead of the run's shared ones. */
    emulator?: { host: string; projectId: string };
    /**
     * Keep public answers as the store does (server.ts): `store` is then the fast layer in front
     * of `app`, and the cache follows the database's change feed.
     */
    readCache?: boolean;
    /** Uploaded images in this S3-compatible bucket. */
    s3?: S3Settings;
    /** Where the app's own server answers (the pages it renders ask it): see `listen` in server-pages.test. */
    localOrigin?: () => string | undefined;
    publicUrl?: string;
    /** Where uploads wait for their turn (UPLOAD_CONCURRENCY, UPLOAD_QUEUE), for a test to watch. */
    uploadQueue?: BoundedQueue;
    /** RENDER_CONCURRENCY, RENDER_RATE_LIMIT; out of the way unless a test sets them. */
    renderLimits?: Partial<{ concurrency: number; perClientPerMinute: number }>;
    /** The API tokens' clock (milliseconds), for suites about their expiry. */
    clock?: () => number;
    /** Card payments through this Stripe (a stand-in: stripe-stand-in.ts). */
    stripe?: StripeSettings;
    /** UNPAID_ORDER_TTL in milliseconds: card sessions end no later than their order. */
    unpaidOrderTtlMs?: number;
    /** TAX_RATE and PRICES_INCLUDE_TAX (decision 053); no tax unless a test sets it. */
    tax?: TaxRule;
    /** CURRENCY and its pattern (CURRENCY with LOCALE, decision 056); the default's (gbp, en-GB) unless set. */
    currency?: string;
    money?: MoneyPattern;
    /** STORE_EMAIL and STORE_PHONE; the defaults the store ships with unless set. */
    contact?: StoreContact;
  } = {},
) {
  const database = options.database ?? (await openTestDatabase());
  const uploadsDir = mkdtempSync(path.join(tmpdir(), 'store-uploads-'));
  const outboxDir = options.outboxDir ?? path.join(uploadsDir, 'outbox-unused');
  const emulatorHost = options.emulator?.host ?? inject('authEmulatorHost');
  const projectId = options.emulator?.projectId ?? TEST_FIREBASE_PROJECT;
  const identity = createFirebaseIdentity({ projectId, emulatorHost });
  const tokens = createTokenService(TEST_JWT_SECRET, options.clock);
  capture.appsCreated += 1;
  const logger = createLogger('trace', logCapture);
  const redis = options.redis && openRedis(options.redis.url, logger);
  if (redis && options.redis?.ready) await eventually(() => redis.isReady, { what: 'Redis connected' });
  const readCache = options.readCache ? new ReadCache() : undefined;
  const invoiceCache = new InvoiceCache();
  const stopListening = readCache ? await followChanges(database, readCache) : async () => {};
  const app = createApp({
    database,
    // Everything, into the capture that setup/logs-without-personal-data.ts checks.
    logger,
    identity,
    tokens,
    ...(options.onEmulatorAccountsChanged && {
      onEmulatorAccountsChanged: options.onEmulatorAccountsChanged,
    }),
    ...(options.localOrigin && { localOrigin: options.localOrigin }),
    config: {
      corsOrigins: ['http://allowed.example'],
      trustProxy: 0,
      adminEmails: options.adminEmails ?? [],
      authRateLimit: options.authRateLimit ?? 1000,
      ...(options.redis && {
        rateLimitPrefix: options.redis.prefix,
        accountLimitPrefix: `${options.redis.prefix}account:`,
      }),
      renderLimits: { concurrency: 1000, perClientPerMinute: 100_000, ...options.renderLimits },
      uploadLimits: { concurrency: 2, queue: 8 },
      accountLimits: {
        reviewsPerMinute: 1000,
        reviewsPerDay: 1000,
        profileChangesPerHour: 1000,
        orderChangesPerMinute: 100_000,
        cartChangesPerMinute: 100_000,
        invoicesPerMinute: 1000,
        ...options.accountLimits,
      },
      paymentInstructions: TEST_PAYMENT_INSTRUCTIONS,
      ...(options.stripe && { stripe: options.stripe }),
      ...(options.unpaidOrderTtlMs !== undefined && { unpaidOrderTtlMs: options.unpaidOrderTtlMs }),
      ...(options.tax && { tax: options.tax }),
      ...(options.currency && { currency: options.currency }),
      ...(options.money && { money: options.money }),
      ...(options.contact && { contact: options.contact }),
      maxOpenOrders: options.maxOpenOrders ?? 1000,
      maxUnpaidTotalCents: options.maxUnpaidTotalCents ?? Number.MAX_SAFE_INTEGER,
      ...(options.lowStockThreshold !== undefined && { lowStockThreshold: options.lowStockThreshold }),
      seller: TEST_SELLER,
      outboxDir,
      uploadsDir,
      imageHostOrigins: options.imageHostOrigins ?? [],
      ...(options.s3 && { s3: options.s3 }),
      ...(options.imageHostKey && { imageHostKey: options.imageHostKey }),
      firebaseEmulatorHost: emulatorHost,
      identitySettings: options.identitySettings ?? { mode: 'emulator', projectId: TEST_FIREBASE_PROJECT },
      ...(options.webDistDir && { webDistDir: options.webDistDir }),
      ...(options.publicUrl && { publicUrl: options.publicUrl }),
    },
    ...(options.jobs && { jobs: options.jobs }),
    ...(redis && { redis }),
    ...(readCache && { readCache }),
    ...(options.uploadQueue && { uploadQueue: options.uploadQueue }),
    invoiceCache,
    // Every answer of every API test is checked against the shared contract; a mismatch is a
    // console.error, which fails the test (setup/fail-on-console.ts).
    checkResponses: (problem) => console.error(problem),
  });
  const store = readCache ? serveCachedFirst(readCache, app, logger) : app;
  async function closeApp() {
    await stopListening();
    await identity.close();
    await redis?.close();
    rmSync(uploadsDir, { recursive: true, force: true });
  }
  return {
    app,
    /** What a server listens with: the fast layer over `app` when the read cache is on. */
    store,
    readCache,
    /** The app's rendered invoices, with their hit and miss counts. */
    invoiceCache,
    database,
    db: database.db,
    tokens,
    uploadsDir,
    http: () => request(store),
    redis,
    /** Everything but the database (another app's, when given). */
    closeApp,
    async close() {
      await closeApp();
      await database.close();
    },
  };
}

let counter = 0;
/** A part row with sensible defaults; `createdAt` lets a test fix the "newest" order. */
export function partRow(overrides: Partial<typeof parts.$inferInsert> = {}): typeof parts.$inferInsert {
  counter += 1;
  return {
    name: `Test part ${counter}`,
    img: '/media/parts/test.svg',
    priceCents: 12_345,
    minOrderQuantity: 10,
    availableQuantity: 500,
    description: `A part used by the tests, number ${counter}. `.repeat(5),
    bulkDiscount: false,
    ...overrides,
  };
}
