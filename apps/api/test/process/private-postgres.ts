import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { eventually } from '../support/eventually.js';

/**
 * A PostgreSQL server of the test's own (initdb into a temporary folder, on a free port), so a
 * test may stop, restart and cut it off without touching the machine's shared server. As root
 * it runs as the `postgres` OS user, since PostgreSQL refuses to run as root.
 */
export interface PrivatePostgres {
  url: string;
  /** `pg_ctl restart -m fast`: every connection is closed by the server. */
  restart(): Promise<void>;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Ends every backend of the store's database (`pg_terminate_backend`). */
  terminateBackends(): Promise<number>;
  /** Resolves once a new connection succeeds; returns when that was. */
  waitUntilAccepting(timeoutMs?: number): Promise<number>;
  destroy(): void;
}

const PREFIX = 'store-pg-';

function binDir(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  const found = versions
    .map((v) => path.join(root, v, 'bin'))
    .find((dir) => existsSync(path.join(dir, 'initdb')));
  if (!found) throw new Error(`PostgreSQL server binaries not found under ${root}`);
  return found;
}

const asRoot = process.getuid?.() === 0;

/** Runs a PostgreSQL binary, as the postgres user when we are root. */
function pgTool(tool: string, args: string[]) {
  const bin = path.join(binDir(), tool);
  const [command, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
  execFileSync(command, argv, { stdio: ['ignore', 'pipe', 'pipe'], timeout: 60_000 });
}

/** Stops servers left behind by an earlier run that was killed before its clean-up. */
function stopLeftovers() {
  for (const name of readdirSync(tmpdir()).filter((n) => n.startsWith(PREFIX))) {
    const dir = path.join(tmpdir(), name);
    const owner = Number(name.slice(PREFIX.length).split('-')[0]);
    if (isAlive(owner)) continue; // another run's server, still in use
    const data = path.join(dir, 'data');
    if (existsSync(path.join(data, 'postmaster.pid'))) {
      try {
        pgTool('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } catch {
        // Already gone: only the folder is left.
      }
    }
    rmSync(dir, { recursive: true, force: true });
  }
}

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export async function startPrivatePostgres(port: number, database = 'store'): Promise<PrivatePostgres> {
  stopLeftovers();
  const dir = mkdtempSync(path.join(tmpdir(), `${PREFIX}${process.pid}-`));
  const data = path.join(dir, 'data');
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString());
    chownSync(dir, uid, gid);
  }
  pgTool('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  // Durability is not under test here; fsync off keeps restarts quick.
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  // The log file matters: without it the server writes to our pipe and execFileSync never returns.
  const log = path.join(dir, 'log');
  const start = () => pgTool('pg_ctl', ['-D', data, '-o', options, '-l', log, '-w', 'start']);
  start();

  const url = `postgres://postgres@127.0.0.1:${port}/${database}`;
  const admin = async <T>(work: (client: pg.Client) => Promise<T>): Promise<T> => {
    const client = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres` });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  };
  await admin((client) => client.query(`create database ${database}`));

  let destroyed = false;
  return {
    url,
    restart: async () =>
      pgTool('pg_ctl', ['-D', data, '-o', options, '-l', log, '-m', 'fast', '-w', 'restart']),
    stop: async () => pgTool('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']),
    start: async () => start(),
    terminateBackends: () =>
      admin(async (client) => {
        const result = await client.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
          [database],
        );
        return result.rowCount ?? 0;
      }),
    async waitUntilAccepting(timeoutMs = 30_000) {
      await eventually(() => admin((client) => client.query('select 1')), {
        timeout: timeoutMs,
        interval: 20,
        what: 'PostgreSQL to accept connections',
      });
      return Date.now();
    },
    destroy() {
      if (destroyed) return;
      destroyed = true;
      try {
        pgTool('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } catch {
        // Not running (a test stopped it): nothing to stop.
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
