import { configDefaults, defineConfig } from 'vitest/config';
import { HeavyFirst } from './test/setup/heavy-first.js';

const postgresUrl = process.env.TEST_DATABASE_URL;

/**
 * Files that never open a database (units, the linter's rules, the config): api:pglite runs them,
 * a second run on PostgreSQL would repeat the same code to the byte (decision 036).
 */
const withoutDatabase = [
  'test/platform/bench-report.test.ts',
  'test/platform/boundaries.test.ts',
  'test/catalog/catalog-csv-round-trip.test.ts',
  'test/platform/config.test.ts',
  'test/platform/csv.test.ts',
  'test/platform/doc-paths.test.ts',
  'test/catalog/demo-descriptions.test.ts',
  'test/catalog/demo-images.test.ts',
  'test/db/migrations.test.ts',
  'test/pages/page-url.test.ts',
  'test/payments/payment-amounts.test.ts',
  'test/platform/read-cache-units.test.ts',
  'test/platform/readme-examples.test.ts',
  'test/pages/render-gate.test.ts',
  'test/orders/render-invoice.test.ts',
  'test/pages/send-chunks.test.ts',
  'test/platform/validate.test.ts',
];
if (process.env.CI && !postgresUrl) {
  // In CI the PostgreSQL run is mandatory: a missing URL must fail, not silently skip a suite.
  throw new Error('TEST_DATABASE_URL must be set in CI (see .ci/run)');
}

export default defineConfig({
  test: {
    setupFiles: ['./test/setup/fail-on-console.ts', './test/setup/logs-without-personal-data.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // Vitest's default is one worker on a 2-core machine, but most files wait on PostgreSQL, the
    // Auth emulator or a child process rather than compute: three at once finish much sooner.
    maxWorkers: 3,
    sequence: { sequencer: HeavyFirst },
    projects: [
      {
        extends: true,
        test: {
          name: 'api:pglite',
          globalSetup: ['./test/setup/auth-emulator.ts', './test/setup/pglite-template.ts'],
          env: { TEST_DB: 'pglite' },
          // test/postgres holds races that only a real server can show.
          exclude: [...configDefaults.exclude, 'test/process/**', 'test/postgres/**'],
        },
      },
      // Starts the real server process; runs once, whatever the database projects. A run that was
      // killed leaves its stores running: they are stopped first.
      {
        extends: true,
        test: {
          name: 'api:process',
          include: ['test/process/**/*.test.ts'],
          globalSetup: ['./test/setup/stop-leftovers.ts', './test/setup/pglite-template.ts'],
        },
      },
      ...(postgresUrl
        ? [
            {
              extends: true as const,
              test: {
                name: 'api:postgres',
                env: { TEST_DB: 'postgres' },
                exclude: [...configDefaults.exclude, 'test/process/**', ...withoutDatabase],
                globalSetup: ['./test/setup/auth-emulator.ts', './test/setup/postgres-database.ts'],
              },
            },
          ]
        : []),
    ],
  },
});
