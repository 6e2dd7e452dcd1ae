import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { migrationsDir } from '../lib/paths.js';
import { asError } from '../lib/thrown.js';
import { isDatabaseUnavailable } from './errors.js';
import { type ChangeListener, listenPglite, listenPostgres, type StopListening } from './listen.js';
import * as schema from './schema.js';
import { applySqlSources } from './sql-sources.js';

/** Both drivers give this type, so repositories never know which engine they talk to. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'postgres' | 'pglite';
  /** Applies the checked-in migrations, then the functions' and triggers' files (idempotent). */
  migrate(): Promise<void>;
  ping(): Promise<void>;
  /**
   * Plain SQL for a library that brings its own (the job queue, pg-boss). Without values, `text`
   * may hold several statements; the last one's rows are returned.
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  /**
   * Runs `work` while no other instance of the store migrates or runs its own `exclusively`:
   * for set-up that several instances starting at once must not do side by side (pg-boss
   * creating its schema trips over a concurrent CREATE SCHEMA IF NOT EXISTS).
   */
  exclusively<T>(work: () => Promise<T>): Promise<T>;
  /**
   * Receives every NOTIFY on `channel` about this store's tables from now on, from every instance
   * (db/listen.ts; on PostgreSQL, one naming another schema is another store's).
   */
  listen(channel: string, listener: ChangeListener): Promise<StopListening>;
  close(): Promise<void>;
}

/** Any advisory-lock key works as long as every instance of the store uses the same one. */
const MIGRATION_LOCK_KEY = 7_215_001;

export interface PostgresOptions {
  url: string;
  /** Tests isolate themselves in a schema of their own. */
  searchPath?: string;
  maxConnections?: number;
  /** Told (without the error's details, which may carry SQL parameters) when a connection drops. */
  onConnectionError?: (error: Error) => void;
  /** Told every statement the repositories run (tests read what a request asked the database). */
  logQuery?: QueryLogger;
}

export type QueryLogger = (query: string, params: unknown[]) => void;

const drizzleLogger = (logQuery?: QueryLogger) => (logQuery ? { logger: { logQuery } } : {});

/** A request waits this long for a connection before it is answered 503 (pg waits forever by default). */
const CONNECT_TIMEOUT_MS = 5_000;

export function openPostgres({
  url,
  searchPath,
  maxConnections = 10,
  onConnectionError = () => {},
  logQuery,
}: PostgresOptions): DatabaseHandle {
  // Extensions live in public, so it stays on the path after the test's own schema.
  const pathOptions = searchPath ? { options: `-c search_path=${searchPath},public` } : {};
  const pool = new pg.Pool({
    connectionString: url,
    max: maxConnections,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    keepAlive: true,
    ...pathOptions,
  });
  // A connection the server closes (restart, failover, pg_terminate_backend) emits 'error'. With
  // no listener Node would crash the process: the pool listens on idle clients only, so every
  // client also gets a listener of its own for while it is checked out. The failed query (if
  // any) rejects on its own, and the pool drops the dead client when it is released.
  pool.on('error', onConnectionError);
  pool.on('connect', (client) => client.on('error', onConnectionError));
  const db: Database = drizzlePg({ client: pool, schema, ...drizzleLogger(logQuery) });
  return {
    db,
    kind: 'postgres',
    async migrate() {
      // Several instances may start at once: one migrates while the others wait on the lock.
      const client = await connectWhenUp(pool, onConnectionError);
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migratePg(drizzlePg({ client, schema }), {
          migrationsFolder: migrationsDir,
          ...(searchPath ? { migrationsSchema: searchPath } : {}),
        });
        await applySqlSources((text) => client.query(text));
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
        client.release();
      }
    },
    async ping() {
      await db.execute(sql`select 1`);
    },
    // pg sends a query without values as a simple query, which may hold several statements.
    executeSql: (text, values) => pool.query(text, values),
    async exclusively(work) {
      const client = await connectWhenUp(pool, onConnectionError);
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        return await work();
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
        client.release();
      }
    },
    listen: (channel, listener) =>
      listenPostgres(
        {
          connectionString: url,
          connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
          keepAlive: true,
          // Names the connection in pg_stat_activity for an operator.
          application_name: 'store read cache',
          // The pool's search path: its current schema is where the store's tables are.
          ...pathOptions,
        },
        channel,
        listener,
        onConnectionError,
        { ownSchemaOnly: true },
      ),
    close: () => pool.end(),
  };
}

/** The store may start while its database is still starting (compose, a failover): wait a while. */
const STARTUP_WAIT_MS = 60_000;

async function connectWhenUp(pool: pg.Pool, onError: (error: Error) => void): Promise<pg.PoolClient> {
  const deadline = Date.now() + STARTUP_WAIT_MS;
  for (;;) {
    try {
      return await pool.connect();
    } catch (error) {
      if (!isDatabaseUnavailable(error) || Date.now() > deadline) throw error;
      onError(asError(error));
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  }
}

/**
 * Not PostgreSQL's default 128 MB: PGlite touches the whole pool inside its WASM memory at start,
 * which made it most of the embedded store's idle memory. Pages outside the pool are still in
 * the operating system's file cache, so a smaller pool costs little (docs/decisions/019).
 */
const PGLITE_SHARED_BUFFERS = '16MB';

/**
 * V8 compiles WASM twice by default: a quick baseline (Liftoff) first, then optimised code
 * (TurboFan) for hot functions on background threads, whose allocations stay in the process as
 * malloc arenas (about 100 MB measured for PGlite's 9 MB module). TurboFan alone, still lazily per
 * function, gives the same fast code without them. It only changes how WASM is compiled, and
 * only modules compiled after it is set (docs/decisions/019).
 */
function compileWasmOnce() {
  v8.setFlagsFromString('--no-liftoff');
}

/** Embedded PostgreSQL (WASM). `dataDir` persists it; without one it lives in memory. */
export async function openPglite(dataDir?: string, logQuery?: QueryLogger): Promise<DatabaseHandle> {
  if (dataDir) mkdirSync(path.dirname(dataDir), { recursive: true });
  compileWasmOnce();
  const client = await PGlite.create({
    ...(dataDir && { dataDir }),
    // pg_trgm backs the catalog's name search (migration 0003).
    extensions: { pg_trgm },
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
  });
  const db: Database = drizzlePglite({ client, schema, ...drizzleLogger(logQuery) });
  return {
    db,
    kind: 'pglite',
    async migrate() {
      await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder: migrationsDir });
      await applySqlSources((text) => pgliteExecute(client, text));
    },
    async ping() {
      await db.execute(sql`select 1`);
    },
    executeSql: (text, values) => pgliteExecute(client, text, values),
    // One process holds an embedded database (lib/data-dir-lock.ts): there is no other instance.
    exclusively: (work) => work(),
    listen: (channel, listener) => listenPglite(client, channel, listener),
    close: () => client.close(),
  };
}

/**
 * PGlite's `query` takes one statement with values, `exec` several without. A failed batch that
 * opened a transaction (pg-boss's maintenance wraps itself in BEGIN … COMMIT) would leave the one
 * connection every request shares inside an aborted transaction: it is rolled back.
 */
async function pgliteExecute(client: PGlite, text: string, values?: unknown[]) {
  if (values?.length) return client.query(text, values);
  try {
    const results = await client.exec(text);
    return { rows: results.at(-1)?.rows ?? [] };
  } catch (error) {
    if (/\bbegin\b/i.test(text)) await client.exec('rollback').catch(() => {});
    throw error;
  }
}

/** Where the embedded database lives in DATA_DIR. */
export const pgliteDir = (dataDir: string) => path.join(dataDir, 'pglite');

/** Whether DATA_DIR holds an embedded database: every PostgreSQL data folder has its PG_VERSION. */
export const hasPgliteDatabase = (dataDir: string) => existsSync(path.join(pgliteDir(dataDir), 'PG_VERSION'));

export function openDatabase(
  config: { databaseUrl?: string | undefined; dataDir: string },
  onConnectionError?: (error: Error) => void,
) {
  return config.databaseUrl
    ? Promise.resolve(
        openPostgres({ url: config.databaseUrl, ...(onConnectionError && { onConnectionError }) }),
      )
    : openPglite(pgliteDir(config.dataDir));
}
