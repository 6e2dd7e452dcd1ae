import { createClient } from 'redis';
import type { Logger } from './logger.js';

/** Longest wait for Redis before a caller goes on without it. */
export const REDIS_ANSWER_MS = 1_000;

export interface RedisHandle {
  /** One raw command; rejects at once while Redis is unreachable, and after REDIS_ANSWER_MS. */
  sendCommand(args: string[]): Promise<unknown>;
  /** Connected and answering (as far as the client knows). */
  readonly isReady: boolean;
  ping(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A Redis client that never stops the store: it connects in the background, reconnects for as
 * long as the store runs (at most every 5 s), and while it is down its commands fail at once
 * (no offline queue, so no request waits for a reconnect). Its errors are logged, once per
 * outage; an 'error' event without a listener would end the process.
 */
export function openRedis(url: string, logger: Logger): RedisHandle {
  const client = createClient({
    url,
    disableOfflineQueue: true,
    socket: {
      connectTimeout: 2_000,
      reconnectStrategy: (retries) => Math.min(100 * 2 ** retries, 5_000),
    },
  });
  let down = false;
  client.on('error', (error: Error) => {
    if (down) return;
    down = true;
    logger.warn(
      { err: error },
      'Redis is unreachable: sign-in limits are counted per instance until it is back',
    );
  });
  client.on('ready', () => {
    if (down) logger.info('Redis is back: sign-in limits are shared again');
    down = false;
  });
  // Not awaited: the store starts, and serves, without Redis. It rejects only when closed.
  client.connect().catch(() => {});

  const withDeadline = <T>(work: Promise<T>): Promise<T> => {
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('Redis did not answer in time')), REDIS_ANSWER_MS);
    });
    return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
  };

  return {
    sendCommand: (args) => withDeadline(client.sendCommand(args)),
    get isReady() {
      return client.isReady;
    },
    async ping() {
      await withDeadline(client.sendCommand(['PING']));
    },
    async close() {
      // destroy() also stops a reconnect loop; close() would wait for pending replies that may never come.
      if (client.isOpen) client.destroy();
    },
  };
}
