import type { Response } from 'express';

/**
 * Sends a body made a chunk at a time (a large export) with backpressure: the next chunk is made
 * only once the client has taken the last, so a slow reader never fills the memory.
 *
 * The first chunk is made before the status and headers go out: a failure there (the database
 * is down) is still answered as an ordinary JSON error. A failure later can only cut the
 * answer short, which the client sees as an incomplete download, never as a complete file. A
 * client that goes away stops the chunks (their generator's `finally` runs).
 */
export async function sendChunks(
  res: Response,
  headers: Record<string, string>,
  chunks: AsyncIterable<string>,
): Promise<void> {
  const iterator = chunks[Symbol.asyncIterator]();
  let next = await iterator.next();
  res.status(200).set(headers);
  while (!next.done) {
    if (!res.write(next.value)) await drainedOrClosed(res);
    if (res.destroyed) {
      await iterator.return?.();
      return;
    }
    next = await iterator.next();
  }
  res.end();
}

function drainedOrClosed(res: Response): Promise<void> {
  if (res.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}
