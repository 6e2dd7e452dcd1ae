import path from 'node:path';
import { createApp, createOrders, createPayments } from './app.js';
import { type AuthEmulator, dataDirProjectId, startAuthEmulator } from './auth/emulator.js';
import { createFirebaseIdentity } from './auth/identity.js';
import { resolveJwtSecret } from './auth/jwt-secret.js';
import { createTokenService } from './auth/tokens.js';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { seedDemoCatalog } from './db/seed.js';
import { useStoreTimeZone } from './db/store-time-zone.js';
import { startJobs } from './jobs/start.js';
import { claimDataDir } from './lib/data-dir-lock.js';
import { gracefulClose } from './lib/graceful-close.js';
import { createStoreServer } from './lib/http-server.js';
import { localOriginOf } from './lib/local-origin.js';
import { createLogger } from './lib/logger.js';
import { apiRoot } from './lib/paths.js';
import { makeDataDirPrivate, tightenDataDir } from './lib/private-dir.js';
import { followChanges, ReadCache } from './lib/read-cache/cache.js';
import { serveCachedFirst } from './lib/read-cache/fast-layer.js';
import { openRedis } from './lib/redis.js';
import { releaseStartupMemory } from './lib/release-startup-memory.js';

/** Requests still running this long after a stop signal are cut off. */
const SHUTDOWN_GRACE_MS = 10_000;
/** How often idle keep-alive connections are closed while stopping (they may bring one last request first). */
const SHUTDOWN_LINGER_MS = 500;

function readConfig() {
  try {
    return loadConfig(process.env, apiRoot);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

async function main() {
  const config = readConfig();
  const logger = createLogger(config.logLevel);
  // Before anything writes there: every file under DATA_DIR is the owner's alone.
  makeDataDirPrivate(config.dataDir);
  const releaseDataDir = config.databaseUrl ? () => {} : claimDataDir(config.dataDir);

  const emulatorDir = path.join(config.dataDir, 'firebase-auth');
  const firebase = {
    ...config.firebase,
    projectId: config.firebase.projectIdPerDataDir
      ? dataDirProjectId(emulatorDir)
      : config.firebase.projectId,
  };
  if (firebase.startEmulator) {
    logger.warn(
      `Trial sign-in: the Firebase Auth emulator keeps accounts, passwords in clear text, in ${emulatorDir}. ` +
        'Use a real Firebase project (FIREBASE_PROJECT_ID) for real customers.',
    );
  }
  const emulatorStarting: Promise<AuthEmulator | undefined> =
    firebase.startEmulator && firebase.emulatorHost
      ? startAuthEmulator({
          host: firebase.emulatorHost,
          projectId: firebase.projectId,
          workDir: emulatorDir,
          persist: true,
          logger,
        })
      : Promise.resolve(undefined);
  // Awaited below, after the database opens; a failure then ends the start with its message.
  emulatorStarting.catch(() => {});

  const database = await openDatabase(config, (error) =>
    logger.warn({ err: error }, 'a database connection was lost; the next request reconnects'),
  );
  await database.migrate();
  if (database.kind === 'pglite') tightenDataDir(config.dataDir); // a new PGlite database is 0666
  if (config.seedDemo && (await seedDemoCatalog(database.db))) logger.info('seeded the demo catalog');
  if (await useStoreTimeZone(database.db, config.timeZone)) {
    logger.info(`the overview's figures were recounted in the time zone ${config.timeZone}`);
  }
  const emulator = await emulatorStarting;
  // After the migrations; pg-boss keeps its own tables (schema pgboss), created or upgraded here.
  const jobs = await startJobs(database, config, logger);
  // The one orders repository and service, for the app's routes and the jobs' workers alike.
  const orders = createOrders(database.db, jobs.queue, config);
  const payments = createPayments(database.db, jobs.queue, config, logger);
  await jobs.work({ orders, payments });

  const identity = createFirebaseIdentity({
    projectId: firebase.projectId,
    emulatorHost: firebase.emulatorHost,
  });
  const tokens = createTokenService(resolveJwtSecret(config));
  // Connects in the background: the store serves without Redis (lib/redis.ts).
  const redis = config.redisUrl ? openRedis(config.redisUrl, logger) : undefined;
  // Public answers are kept while the database's change feed is heard (lib/read-cache).
  const readCache = new ReadCache();
  const stopListening = await followChanges(database, readCache);
  let localOrigin: string | undefined;
  const app = createApp({
    database,
    logger,
    identity,
    tokens,
    jobs: jobs.queue,
    orders,
    payments,
    ...(redis && { redis }),
    readCache,
    localOrigin: () => localOrigin,
    // Sign-ups and profile changes through the store's origin are saved within a second.
    ...(emulator && { onEmulatorAccountsChanged: () => emulator.accountsChanged() }),
    config: {
      ...config,
      outboxDir: config.mail.outboxDir,
      firebaseEmulatorHost: firebase.emulatorHost,
      // The browser's SDK names the project the emulator actually runs (its own per DATA_DIR).
      identitySettings:
        config.identitySettings.mode === 'emulator'
          ? { mode: 'emulator', projectId: firebase.projectId }
          : config.identitySettings,
    },
  });
  releaseStartupMemory();
  const server = createStoreServer(serveCachedFirst(readCache, app, logger), config.clientTimeouts);
  server.once('error', (error) => {
    // A port in use: never claim to listen then.
    logger.fatal(`The store could not listen on ${config.host}:${config.port}: ${error.message}`);
    void shutDown(1);
  });
  server.listen(config.port, config.host, () => {
    const where = database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL';
    const auth = firebase.emulatorHost
      ? `Auth emulator ${firebase.emulatorHost}`
      : `Firebase ${firebase.projectId}`;
    const address = server.address();
    // A TCP server's is an object once it listens (a string names a pipe, null a closed server).
    if (address === null || typeof address === 'string') return;
    localOrigin = localOriginOf(address);
    logger.info(`store listening on http://localhost:${address.port} (${where}, ${auth})`);
  });

  const closeServer = gracefulClose(server, {
    lingerMs: SHUTDOWN_LINGER_MS,
    graceMs: SHUTDOWN_GRACE_MS,
    onForce: () => logger.warn('grace period over: closing remaining connections'),
  });
  let stopping = false;
  /** Everything the start opened, closed in order; then the process ends with `code`. */
  async function shutDown(code: number) {
    // Running jobs finish (or are handed back for a retry) while the database is still open.
    await jobs.stop();
    await stopListening();
    await database.close();
    await identity.close();
    await redis?.close();
    await emulator?.stop();
    releaseDataDir();
    logger.info('stopped');
    process.exit(code);
  }
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info(`${signal} received: finishing in-flight requests`);
    // No new connections; what is in flight finishes with `Connection: close` (graceful-close.ts).
    await closeServer();
    await shutDown(0);
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((error: unknown) => {
  console.error('The store could not start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
