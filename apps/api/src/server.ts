import { mkdirSync } from 'node:fs';
import type { Server } from 'node:http';
import path from 'node:path';
import { createApp } from './app.js';
import { type AuthEmulator, dataDirProjectId, startAuthEmulator } from './auth/emulator.js';
import { createFirebaseIdentity } from './auth/identity.js';
import { resolveJwtSecret } from './auth/jwt-secret.js';
import { createTokenService } from './auth/tokens.js';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { seedDemoCatalog } from './db/seed.js';
import { claimDataDir } from './lib/data-dir-lock.js';
import { createLogger } from './lib/logger.js';
import { apiRoot } from './lib/paths.js';

/** Requests still running this long after a stop signal are cut off. */
const SHUTDOWN_GRACE_MS = 10_000;

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
  mkdirSync(config.dataDir, { recursive: true });
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

  const database = await openDatabase(config);
  await database.migrate();
  if (config.seedDemo && (await seedDemoCatalog(database.db))) logger.info('seeded the demo catalog');
  const emulator = await emulatorStarting;

  const identity = createFirebaseIdentity({
    projectId: firebase.projectId,
    emulatorHost: firebase.emulatorHost,
  });
  const tokens = createTokenService(resolveJwtSecret(config));
  const app = createApp({
    database,
    logger,
    identity,
    tokens,
    config: { ...config, firebaseEmulatorHost: firebase.emulatorHost },
  });
  const server: Server = app.listen(config.port, config.host, () => {
    const where = database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL';
    const auth = firebase.emulatorHost
      ? `Auth emulator ${firebase.emulatorHost}`
      : `Firebase ${firebase.projectId}`;
    logger.info(`store listening on http://localhost:${config.port} (${where}, ${auth})`);
  });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info(`${signal} received: finishing in-flight requests`);
    const force = setTimeout(() => {
      logger.warn('grace period over: closing remaining connections');
      server.closeAllConnections();
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    // close() stops accepting and calls back once in-flight requests have finished.
    server.close(async () => {
      await database.close();
      await identity.close();
      await emulator?.stop();
      releaseDataDir();
      logger.info('stopped');
      process.exit(0);
    });
    server.closeIdleConnections();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((error: unknown) => {
  console.error('The store could not start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
