import { randomBytes } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { asError } from '../lib/thrown.js';

/** What a NOTIFY subscriber is told. */
export interface ChangeListener {
  /** A notification on the channel arrived (its payload). */
  onNotify(payload: string): void;
  /** Notifications may be missed from now on: the listening connection is gone. */
  onGap(): void;
  /**
   * Listening (again): every later commit's notification will arrive. `caughtUp` resolves once
   * every notification committed before its call has been passed on (or the connection is lost).
   */
  onReady(caughtUp: CaughtUp): void;
}

/** Never rejects: it only ever waits. */
export type CaughtUp = () => Promise<void>;

export type StopListening = () => Promise<void>;

/** After a lost connection the next attempt waits this long, doubling up to the cap. */
const FIRST_RETRY_MS = 250;
const MAX_RETRY_MS = 5_000;

/**
 * LISTEN on a connection of its own (a pooled one is handed to other queries between
 * statements, and a session's LISTEN ends with it). A dropped connection (restart, failover) is
 * reported as a gap and replaced, with backoff, until `stop`. Resolves after the first attempt,
 * successful or not, so a start never waits on it.
 *
 * `ownSchemaOnly`: the payload names the schema of the table that changed (migrations 0009, 0013), and
 * only notifications for the schema this connection's search path resolves to (where the store's
 * tables are) are passed on; stores sharing a database in schemas of their own, as the test
 * suite's files do, would otherwise empty each other's caches.
 */
export async function listenPostgres(
  connection: pg.ClientConfig,
  channel: string,
  listener: ChangeListener,
  onConnectionError: (error: Error) => void,
  { ownSchemaOnly = false }: { ownSchemaOnly?: boolean } = {},
): Promise<StopListening> {
  let stopped = false;
  let client: pg.Client | undefined;
  let retryTimer: NodeJS.Timeout | undefined;
  let retryMs = FIRST_RETRY_MS;
  const marks = caughtUpMarks(channel);

  const retry = () => {
    if (stopped || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void connect();
    }, retryMs);
    retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
  };

  async function connect(): Promise<void> {
    const current = new pg.Client(connection);
    client = current;
    let lost = false;
    const lose = (error?: Error) => {
      if (lost) return;
      lost = true;
      if (error) onConnectionError(error);
      marks.release();
      listener.onGap();
      current.end().catch(() => {});
      retry();
    };
    current.on('error', lose);
    current.on('end', () => lose());
    // Until the schema is known every notification is passed on: one too many only empties a cache.
    let schema: string | null = null;
    current.on('notification', (message) => {
      if (message.channel === marks.channel) marks.heard(message.payload ?? '');
      if (message.channel !== channel) return;
      const payload = message.payload ?? '';
      // `<schema>.<table>` (migration 0013), or the schema alone (0009).
      if (schema === null || payload === schema || payload.startsWith(`${schema}.`))
        listener.onNotify(payload);
    });
    try {
      await current.connect();
      await current.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      await current.query(`LISTEN ${pg.escapeIdentifier(marks.channel)}`);
      // A mark is all this session commits, and it needs no disk flush: nothing is lost with it.
      await current.query('SET synchronous_commit = off');
      if (ownSchemaOnly) {
        const { rows } = await current.query<{ schema: string | null }>('select current_schema() as schema');
        schema = rows[0]?.schema ?? null;
      }
    } catch (error) {
      lose(asError(error));
      return;
    }
    if (stopped) return;
    retryMs = FIRST_RETRY_MS;
    listener.onReady(
      marks.caughtUp((token) => current.query('select pg_notify($1, $2)', [marks.channel, token])),
    );
  }

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retryTimer);
    marks.release();
    await client?.end().catch(() => {});
  };
}

/**
 * PostgreSQL passes notifications on in commit order, whatever their channel. So a mark sent on
 * a channel only this connection listens to, once heard, says that every notification committed
 * before it was sent has been passed on. Callers that ask while a mark waits to be sent share it;
 * the marks are this connection's own, and no other listener ever hears them.
 */
function caughtUpMarks(channel: string) {
  const waiting = new Map<string, () => void>();
  let unsent: Promise<void> | undefined;
  let lastSent: Promise<void> = Promise.resolve();
  const heard = (token: string) => {
    waiting.get(token)?.();
    waiting.delete(token);
  };
  const release = () => {
    for (const resolve of waiting.values()) resolve();
    waiting.clear();
  };
  return {
    // Identifiers are at most 63 bytes: the store's channel names are far shorter.
    channel: `${channel}_caught_up_${randomBytes(6).toString('hex')}`,
    heard,
    /** The connection is gone: nothing more will be heard on it, so nobody waits. */
    release,
    caughtUp:
      (send: (token: string) => Promise<unknown>): CaughtUp =>
      () => {
        unsent ??= lastSent.then(() => {
          unsent = undefined;
          const token = randomBytes(8).toString('hex');
          lastSent = new Promise<void>((resolve) => {
            waiting.set(token, resolve);
            // A mark that could not be sent is never heard (a lost connection is reported apart).
            send(token).catch(() => heard(token));
          });
          return lastSent;
        });
        return unsent;
      },
  };
}

/** The embedded database is in this process: its notifications cannot be missed. */
export async function listenPglite(
  client: PGlite,
  channel: string,
  listener: ChangeListener,
): Promise<StopListening> {
  const unlisten = await client.listen(channel, (payload) => listener.onNotify(payload));
  // One backend in this process: a notification is passed on with the result of the statement
  // that commits it, so whatever committed before a call has been passed on already.
  listener.onReady(async () => {});
  return async () => {
    await unlisten().catch(() => {});
  };
}
