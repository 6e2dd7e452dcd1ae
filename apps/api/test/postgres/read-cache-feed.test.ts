import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import {
  type CaughtUp,
  type ChangeListener,
  listenPostgres,
  type StopListening,
} from '../../src/db/listen.js';
import { eventually } from '../support/eventually.js';

/**
 * Real PostgreSQL only: the read cache's change feed losing its connection (a restart, a
 * failover, an operator's pg_terminate_backend) and finding it again. While it is gone the
 * cache must keep nothing (`onGap`), since a commit's NOTIFY would be missed.
 */
const url = inject('postgresRunUrl');
const tag = randomBytes(5).toString('hex');
const channel = `feed_${tag}`;
const applicationName = `read cache test ${tag}`;
const events: string[] = [];
const listener: ChangeListener = {
  onNotify: (payload) => events.push(`notify ${payload}`),
  onGap: () => events.push('gap'),
  onReady: () => events.push('ready'),
};
let stop: StopListening | undefined;
afterAll(() => stop?.());

async function sql(text: string, values?: unknown[]) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(text, values);
  } finally {
    await client.end();
  }
}

describe('the change feed on PostgreSQL', () => {
  it('hears commits, not rollbacks, and reports a lost connection before listening again', async () => {
    const errors: Error[] = [];
    stop = await listenPostgres(
      { connectionString: url, application_name: applicationName },
      channel,
      listener,
      (e) => errors.push(e),
    );
    expect(events).toEqual(['ready']);

    // Without values pg sends a simple query, which may hold several statements.
    await sql(`begin; select pg_notify('${channel}', 'rolled back'); rollback`);
    await sql('select pg_notify($1, $2)', [channel, 'parts']);
    await eventually(() => expect(events).toContain('notify parts'));
    expect(events).toEqual(['ready', 'notify parts']);

    const killed = await sql(
      'select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1',
      [applicationName],
    );
    expect(killed.rowCount).toBe(1);
    await eventually(() => expect(events.filter((event) => event === 'ready')).toHaveLength(2));
    expect(events.slice(2)).toEqual(['gap', 'ready']);
    expect(errors.length).toBeGreaterThan(0);

    await sql('select pg_notify($1, $2)', [channel, 'reviews']);
    await eventually(() => expect(events).toContain('notify reviews'));
  });

  it('is caught up once every notification committed before the call has been passed on', async () => {
    const ordered = `${channel}_ordered`;
    const heard: string[] = [];
    let caughtUp: CaughtUp = async () => {};
    const stopOrdered = await listenPostgres(
      { connectionString: url },
      ordered,
      {
        onNotify: (payload) => heard.push(payload),
        onGap: () => {},
        onReady: (feed) => {
          caughtUp = feed;
        },
      },
      () => {},
    );
    try {
      for (let i = 0; i < 5; i += 1) {
        await sql('select pg_notify($1, $2)', [ordered, `change ${i}`]);
        await caughtUp();
        expect(heard.at(-1)).toBe(`change ${i}`);
      }
      // Marks are never passed on as changes, however many are asked for at once.
      await Promise.all([caughtUp(), caughtUp(), caughtUp()]);
      expect(heard).toHaveLength(5);
    } finally {
      await stopOrdered();
    }
  });

  it("passes on only its own schema's notifications when asked to", async () => {
    const own: string[] = [];
    const ownSchema = `feed_${tag}_own`;
    await sql(`create schema ${ownSchema}`);
    try {
      const stopOwn = await listenPostgres(
        { connectionString: url, options: `-c search_path=${ownSchema},public` },
        channel,
        { onNotify: (payload) => own.push(payload), onGap: () => {}, onReady: () => {} },
        () => {},
        { ownSchemaOnly: true },
      );
      try {
        await sql('select pg_notify($1, $2)', [channel, 'public']);
        // Migration 0013's payload names the table too.
        await sql('select pg_notify($1, $2)', [channel, 'public.parts']);
        await sql('select pg_notify($1, $2)', [channel, `${ownSchema}x.parts`]);
        await sql('select pg_notify($1, $2)', [channel, ownSchema]);
        await sql('select pg_notify($1, $2)', [channel, `${ownSchema}.reviews`]);
        await eventually(() => expect(own.length).toBeGreaterThan(1));
        // Notifications arrive in commit order: the first ones, for other schemas, were passed over.
        expect(own).toEqual([ownSchema, `${ownSchema}.reviews`]);
      } finally {
        await stopOwn();
      }
    } finally {
      await sql(`drop schema ${ownSchema}`);
    }
  });
});
