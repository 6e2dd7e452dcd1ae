import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * Start-up (PGlite's initdb and first open, the migrations, the seed, pg-boss's set-up) leaves
 * 50-250 MB of garbage, mostly ArrayBuffers outside V8's heap. A store that then idles allocates
 * too little for V8 to ever collect it, so its resident memory would depend on when the last
 * collection happened to run: one full collection, once the store is up, returns it
 * (docs/decisions/019). V8 offers no collection to scripts without --expose-gc, which `npm start`
 * does not pass: it is exposed for this one call, in a context of its own, then hidden again.
 */
export function releaseStartupMemory(): void {
  v8.setFlagsFromString('--expose-gc');
  const gc: unknown = runInNewContext('gc');
  v8.setFlagsFromString('--no-expose-gc');
  if (typeof gc === 'function') gc();
}
