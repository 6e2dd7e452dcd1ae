/** What the store may spend on rendering pages (RENDER_CONCURRENCY, RENDER_RATE_LIMIT). */
export interface RenderLimits {
  /** Renders at once, for everyone. */
  concurrency: number;
  /** Renders per client address per minute. */
  perClientPerMinute: number;
}

const WINDOW_MS = 60_000;
/** Clients counted in one window; past it the counts start again (the concurrency bound holds). */
const MAX_CLIENTS = 50_000;

/**
 * Admits a render of a page that was not in the read cache, or refuses it: then the store sends
 * the app's page, which draws the page in the visitor's browser (decision 024). A render costs
 * ~20 ms of the event loop and a few answers: a flood of pages nobody asked for before (random
 * query strings, every part of a large catalog) must not take the store's time from everyone.
 */
export class RenderGate {
  private running = 0;
  private window = -1;
  private readonly counts = new Map<string, number>();

  constructor(
    private readonly limits: RenderLimits,
    private readonly now: () => number = Date.now,
  ) {}

  /** A slot for `client` (its address), released when the render ends; undefined when over a limit. */
  enter(client: string): (() => void) | undefined {
    const window = Math.floor(this.now() / WINDOW_MS);
    if (window !== this.window || this.counts.size >= MAX_CLIENTS) {
      this.window = window;
      this.counts.clear();
    }
    const count = this.counts.get(client) ?? 0;
    if (this.running >= this.limits.concurrency || count >= this.limits.perClientPerMinute) return undefined;
    this.counts.set(client, count + 1);
    this.running += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.running -= 1;
    };
  }
}
