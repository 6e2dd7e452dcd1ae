import { type ClientRateLimitInfo, MemoryStore, type Options, type Store } from 'express-rate-limit';
import { RedisStore } from 'rate-limit-redis';
import type { Logger } from './logger.js';
import type { RedisHandle } from './redis.js';

/**
 * A rate-limit store shared by every instance through Redis, which falls back to counting in
 * this process while Redis is unreachable (docs/decisions/013): a Redis outage neither locks
 * every customer out nor lifts the limit, it makes it per instance, as it was before Redis.
 */
export class SharedRateLimitStore implements Store {
  /** Counts in Redis are another process's too: express-rate-limit must not assume they are ours. */
  readonly localKeys = false;
  readonly prefix: string;
  private readonly local = new MemoryStore();
  private options: Options | undefined;
  /** Loads its scripts into Redis when made: made again after any failure (a restarted Redis forgets them). */
  private shared: RedisStore | undefined;

  private lastWarning = 0;

  constructor(
    private readonly redis: RedisHandle,
    private readonly settings: { prefix: string; logger: Logger },
  ) {
    this.prefix = settings.prefix;
  }

  /** A Redis that hangs fails every request: told once a minute, not once a request. */
  private fellBack(error: unknown) {
    if (Date.now() - this.lastWarning < 60_000) return;
    this.lastWarning = Date.now();
    this.settings.logger.warn({ err: error }, 'Redis failed a rate-limit count: counted in this instance');
  }

  init(options: Options) {
    this.options = options;
    this.local.init(options);
  }

  private sharedStore(): RedisStore | undefined {
    if (!this.redis.isReady || !this.options) return undefined;
    if (!this.shared) {
      const store = new RedisStore({
        // node-redis answers any command with its reply union; rate-limit-redis types the few it sends.
        sendCommand: (...args: string[]) => this.redis.sendCommand(args) as never,
        prefix: this.prefix,
      });
      // A failed load shows again in the first increment, which then drops this store.
      store.init(this.options).catch(() => {});
      this.shared = store;
    }
    return this.shared;
  }

  async increment(key: string): Promise<ClientRateLimitInfo> {
    const shared = this.sharedStore();
    if (shared) {
      try {
        return await shared.increment(key);
      } catch (error) {
        if (this.shared === shared) this.shared = undefined;
        this.fellBack(error);
      }
    }
    return this.local.increment(key);
  }

  async decrement(key: string) {
    await Promise.allSettled([this.sharedStore()?.decrement(key), this.local.decrement(key)]);
  }

  async resetKey(key: string) {
    await Promise.allSettled([this.sharedStore()?.resetKey(key), this.local.resetKey(key)]);
  }

  shutdown() {
    this.local.shutdown();
  }
}
