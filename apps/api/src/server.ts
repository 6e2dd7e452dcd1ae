import type { Server } from 'node:http';
import { createApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { seedDemoCatalog } from './db/seed.js';
import { createLogger } from './lib/logger.js';
import { apiRoot } from './lib/paths.js';

/** Requests still running this long after a stop signal are cut off. */
const SHUTDOWN_GRACE_MS = 10_000;

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(process.env, apiRoot);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(config.logLevel);

  const database = await openDatabase(config);
  await database.migrate();
  if (config.seedDemo && (await seedDemoCatalog(database.db))) {
    logger.info('seeded the demo catalog');
  }

  const app = createApp({ database, logger, config });
  const server: Server = app.listen(config.port, config.host, () => {
    const where = database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL';
    logger.info(`store listening on http://localhost:${config.port} (${where})`);
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
    // close() stops accepting and resolves once in-flight requests have finished.
    server.close(async () => {
      await database.close();
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
