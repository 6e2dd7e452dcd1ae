/** How much a bounded queue admits (UPLOAD_CONCURRENCY, UPLOAD_QUEUE for uploads). */
export interface QueueLimits {
  /** Holders at once. */
  concurrency: number;
  /** Waiters at most behind them; one more is refused. */
  queue: number;
}

/** Ends a holder's turn, or a waiter's wait; calling it again does nothing. */
export type Release = () => void;

/**
 * A turn at something costly (an upload's buffered body), `concurrency` at a time with at most
 * `queue` waiting in arrival order; past that, callers are refused at once rather than piling up.
 */
export class BoundedQueue {
  private holding = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly limits: QueueLimits) {}

  get active(): number {
    return this.holding;
  }

  get waiters(): number {
    return this.waiting.length;
  }

  /**
   * Undefined: full, refused. Else `turn` resolves when it is the caller's turn; `release` ends
   * the turn, or gives up the place in the queue if the turn has not come yet.
   */
  enter(): { turn: Promise<void>; release: Release } | undefined {
    const admitted = this.holding < this.limits.concurrency;
    if (!admitted && this.waiting.length >= this.limits.queue) return undefined;
    let state: 'waiting' | 'holding' | 'done' = 'waiting';
    let start = () => {};
    const turn = new Promise<void>((resolve) => {
      start = () => {
        state = 'holding';
        this.holding += 1;
        resolve();
      };
    });
    if (admitted) start();
    else this.waiting.push(start);
    const release = () => {
      if (state === 'holding') {
        this.holding -= 1;
        this.waiting.shift()?.();
      } else if (state === 'waiting') {
        this.waiting.splice(this.waiting.indexOf(start), 1);
      }
      state = 'done';
    };
    return { turn, release };
  }
}
