// Loaded into the store with `node --import` by idle-memory.mjs only: answers a message on the
// IPC channel with process.memoryUsage(), so the measurement can say where the resident memory
// is (V8 heap, buffers, the rest: WASM and native code) without the store serving an endpoint.
if (process.send) {
  // The channel must not keep the store alive, nor stop it from exiting on its own.
  process.channel?.unref();
  process.on('message', (message) => {
    if (message === 'memory') process.send?.({ memory: process.memoryUsage() });
  });
}
