import { createServer, type RequestListener, type Server } from 'node:http';

/** How long a client may take to send its request (HEADERS_TIMEOUT, REQUEST_TIMEOUT). */
export interface ClientTimeouts {
  /** The request line and every header, in milliseconds. */
  headersMs: number;
  /** The whole request, body included, in milliseconds (at least `headersMs`). */
  requestMs: number;
}

/**
 * The store's HTTP server, with the time a slow (or hostile) client may hold a connection open
 * bounded: one that sends its headers or body a byte at a time is answered 408 and closed.
 */
export function createStoreServer(handler: RequestListener, timeouts: ClientTimeouts): Server {
  return createServer(
    {
      headersTimeout: timeouts.headersMs,
      requestTimeout: timeouts.requestMs,
      // Node notices an expired timeout only when it sweeps its connections, every 30 s by
      // default: a 20 s limit would then cut a client off anywhere between 20 and 50 s. Sweeping
      // a few times per limit (at most once a second; a sweep is a walk over open connections)
      // keeps the cut-off near the limit, whatever the limits are.
      connectionsCheckingInterval: checkingIntervalMs(timeouts),
    },
    handler,
  );
}

const checkingIntervalMs = ({ headersMs, requestMs }: ClientTimeouts) =>
  Math.max(10, Math.min(1_000, Math.floor(Math.min(headersMs, requestMs) / 4)));
