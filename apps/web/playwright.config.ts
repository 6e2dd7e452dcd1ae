import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests drive Debian's Chromium (never a downloaded browser) against the production
 * build served by the real API process on a fresh embedded database.
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(CHROMIUM)) {
  throw new Error(
    `Chromium not found at ${CHROMIUM}: install it with "apt-get install -y chromium" (see .ci/run).`,
  );
}

const port = Number(process.env.E2E_PORT ?? 4317);
/** Any port works: the browser reaches the emulator through the store (auth/emulator-proxy.ts). */
const authEmulatorPort = Number(process.env.E2E_AUTH_EMULATOR_PORT ?? port + 1);
/** For tests that play Google's part against the emulator directly. */
export const E2E_AUTH_EMULATOR_URL = `http://127.0.0.1:${authEmulatorPort}`;
export const E2E_BASE_URL = `http://127.0.0.1:${port}`;
/** A Stripe-compatible stand-in (apps/api/test/support/stripe-stand-in.ts): the store takes cards through it. */
const stripeStandInPort = Number(process.env.E2E_STRIPE_PORT ?? port + 2);
export const E2E_STRIPE_URL = `http://127.0.0.1:${stripeStandInPort}`;
/**
 * A second store, taxed (TAX_RATE 20, prices before tax), for tax.spec.ts alone: the settings
 * are read once at start, and every other spec's totals are without tax. It has its own embedded
 * database and signs in against the first store's Auth emulator and project (the same accounts).
 */
const taxedPort = Number(process.env.E2E_TAX_PORT ?? port + 3);
export const E2E_TAXED_URL = `http://127.0.0.1:${taxedPort}`;
/** The taxed store's rate, in percent. */
export const E2E_TAX_RATE = 20;
/** Signs the stand-in's events; the store checks them with it (not a secret: a test's own). */
const E2E_STRIPE_WEBHOOK_SECRET = 'whsec_e2e_stand_in_0123456789';
/** The machine has two cores; more workers only queue for them. */
const WORKERS = 2;
/**
 * ADMIN_EMAILS is an exact list, so each parallel worker gets an address of its own (indexed by
 * its parallelIndex, reused when a worker restarts): room for `--workers` up to 8.
 */
export const E2E_ADMIN_EMAILS = Array.from({ length: 8 }, (_, i) => `owner-e2e-${i}@example.com`);
/**
 * One more ADMIN_EMAILS address that no fixture verifies: the test that verifies it itself, from
 * My Profile, and sees the admin menu without signing out.
 */
export const E2E_LATE_ADMIN_EMAIL = 'late-owner-e2e@example.com';
/** The seller the store names on invoices (STORE_NAME, STORE_ADDRESS, STORE_TAX_ID). */
export const E2E_SELLER = {
  name: 'Parts Depot Trading Ltd',
  address: '7 Foundry Lane, Leeds LS1 4AP, United Kingdom',
  taxId: 'GB 123 4567 89',
};
/** How customers reach the store (STORE_EMAIL, STORE_PHONE): named wherever a text says 'contact us'. */
export const E2E_CONTACT = { email: 'sales@partsdepot-trading.example', phone: '+44 113 496 0123' };
/**
 * The stores' data folders: fresh ones per run unless E2E_DATA_DIR (E2E_TAXED_DATA_DIR) names
 * one. Workers load this file too and inherit the runner's environment, so only the runner makes
 * (and removes) them.
 */
function dataDirOf(name: 'E2E_DATA_DIR' | 'E2E_TAXED_DATA_DIR'): string {
  const named = process.env[name];
  if (named) return named;
  const fresh = mkdtempSync(path.join(tmpdir(), 'store-e2e-'));
  process.env[name] = fresh;
  // The runner exits after the stores have stopped (gracefulShutdown below), so nothing writes here.
  process.on('exit', () => rmSync(fresh, { recursive: true, force: true }));
  return fresh;
}
const dataDir = dataDirOf('E2E_DATA_DIR');
const taxedDataDir = dataDirOf('E2E_TAXED_DATA_DIR');
/**
 * The first store's emulator project, which the taxed store signs in against too: the emulator
 * puts every account made through either store there (its default project). The first store
 * keeps it in its data folder (apps/api/src/auth/emulator.ts, dataDirProjectId); written here
 * first, so that both know it before they start.
 */
function emulatorProjectOf(dir: string): string {
  const file = path.join(dir, 'firebase-auth', 'project-id');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const id = 'demo-parts-depot-e2e';
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${id}\n`);
  return id;
}
const emulatorProject = emulatorProjectOf(dataDir);

/** What both stores are started with: the e2e identities, the seller, limits out of the tests' way. */
const storeEnv = {
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  SEED_DEMO: 'true',
  FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${authEmulatorPort}`,
  ADMIN_EMAILS: [...E2E_ADMIN_EMAILS, E2E_LATE_ADMIN_EMAIL].join(','),
  // Every test signs in from this one address, and each forwarded sign-in call counts too;
  // the production limit is for strangers.
  AUTH_RATE_LIMIT: '10000',
  // Likewise: the tests render many pages for one address, and may post and rename often.
  RENDER_RATE_LIMIT: '100000',
  REVIEW_RATE_LIMIT: '1000',
  REVIEW_DAILY_LIMIT: '1000',
  PROFILE_RATE_LIMIT: '1000',
  ORDER_RATE_LIMIT: '100000',
  CART_RATE_LIMIT: '100000',
  STORE_NAME: E2E_SELLER.name,
  STORE_ADDRESS: E2E_SELLER.address,
  STORE_TAX_ID: E2E_SELLER.taxId,
  STORE_EMAIL: E2E_CONTACT.email,
  STORE_PHONE: E2E_CONTACT.phone,
  INVOICE_RATE_LIMIT: '100000',
};

export default defineConfig({
  testDir: './e2e',
  fullyParallel: true,
  workers: WORKERS,
  forbidOnly: !!process.env.CI,
  retries: 0,
  reporter: [['list']],
  // Generous: on a 2-core machine two browsers, three stores and the emulator share the CPU, and
  // on a slow day (the same suite taking twice as long) 30 s and 10 s failed pages that were only
  // late. A wrong page still fails: it never shows what the test waits for.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  use: {
    baseURL: E2E_BASE_URL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: [
    {
      command: 'node --import tsx ../api/test/support/stripe-stand-in-main.ts',
      url: `${E2E_STRIPE_URL}/health`,
      reuseExistingServer: false,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
      timeout: 30_000,
      env: { STAND_IN_PORT: String(stripeStandInPort), STRIPE_WEBHOOK_SECRET: E2E_STRIPE_WEBHOOK_SECRET },
    },
    {
      command: 'node ../api/dist/server.js',
      url: `http://127.0.0.1:${port}/api/health`,
      reuseExistingServer: false,
      // Stopped as `npm start` is (it saves the emulator's accounts and stops it), not killed.
      gracefulShutdown: { signal: 'SIGTERM', timeout: 30_000 },
      // The store starts its own Firebase Auth emulator, as `npm start` does.
      timeout: 120_000,
      env: {
        ...storeEnv,
        PORT: String(port),
        DATA_DIR: dataDir,
        // Card payments through the stand-in (payments.spec.ts).
        STRIPE_SECRET_KEY: 'sk_test_e2e_stand_in_0123456789',
        STRIPE_WEBHOOK_SECRET: E2E_STRIPE_WEBHOOK_SECRET,
        STRIPE_API_URL: E2E_STRIPE_URL,
      },
    },
    // After the first store (Playwright starts them in order): it uses that store's emulator.
    {
      command: 'node ../api/dist/server.js',
      url: `${E2E_TAXED_URL}/api/health`,
      reuseExistingServer: false,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 30_000 },
      timeout: 60_000,
      env: {
        ...storeEnv,
        PORT: String(taxedPort),
        DATA_DIR: taxedDataDir,
        AUTH_EMULATOR: 'external',
        FIREBASE_PROJECT_ID: emulatorProject,
        TAX_RATE: String(E2E_TAX_RATE),
        PRICES_INCLUDE_TAX: 'false',
      },
    },
  ],
});
