import type { Server, ServerResponse } from 'node:http';
import { Server as NetServer } from 'node:net';

export interface GracefulCloseOptions {
  /** How long idle keep-alive connections may still bring one last request. */
  lingerMs: number;
  /** Connections still busy this long after the stop are cut off. */
  graceMs: number;
  onForce?: () => void;
}

/**
 * Stopping without a client ever seeing a reset. Call it once, right after `listen()`; the
 * returned function stops the server and resolves once every connection has ended.
 *
 * Node's own `server.close()` destroys idle keep-alive connections at once, which races a
 * client that is just sending its next request on one: that client sees ECONNRESET. Instead:
 *  1. stop accepting connections (new clients are refused, never half-served);
 *  2. every response not yet started, in flight or arriving on an open connection, says
 *     `Connection: close`, so Node closes the connection after it and the client reconnects
 *     elsewhere instead of reusing it;
 *  3. every `lingerMs`, connections that are idle are closed; after `graceMs`, all of them.
 */
export function gracefulClose(server: Server, { lingerMs, graceMs, onForce }: GracefulCloseOptions) {
  const unanswered = new Set<ServerResponse>();
  let closing = false;
  // Before the app's own handler, so the header is set before anything is written.
  server.prependListener('request', (_req, res: ServerResponse) => {
    if (closing) {
      res.setHeader('Connection', 'close');
      return;
    }
    unanswered.add(res);
    res.on('close', () => unanswered.delete(res));
  });

  return () =>
    new Promise<void>((resolve) => {
      closing = true;
      for (const res of unanswered) if (!res.headersSent) res.setHeader('Connection', 'close');
      unanswered.clear();
      const sweep = setInterval(() => server.closeIdleConnections(), lingerMs);
      const force = setTimeout(() => {
        onForce?.();
        server.closeAllConnections();
      }, graceMs);
      // net.Server#close only stops listening; its callback runs once the last connection ends.
      NetServer.prototype.close.call(server, () => {
        clearInterval(sweep);
        clearTimeout(force);
        resolve();
      });
    });
}
