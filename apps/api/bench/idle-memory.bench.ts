/**
 * Prints the embedded store's idle memory (bench/idle-memory.ts): the figure
 * test/process/idle-memory.test.ts bounds at 350 MB, and where it goes.
 *
 *   npm run memory -w @store/api                 # builds, then measures after 10 s idle
 *   SETTLE_MS=30000 npm run memory -w @store/api
 */
import { measureIdleMemory } from './idle-memory.js';

const settleMs = Number(process.env.SETTLE_MS ?? 10_000);
const m = await measureIdleMemory({ settleMs });
const mb = (n: number) => `${n.toFixed(0).padStart(5)} MB`;
console.log(`started in ${m.startSeconds.toFixed(1)} s; ${m.requests.join(', ')}`);
console.log(`after ${settleMs / 1000} s idle, the store process (its Auth emulator not counted):`);
console.log(`  RSS            ${mb(m.rssMb)}   (start-up's peak ${mb(m.peakMb).trim()})`);
console.log(`  V8 heap        ${mb(m.heapTotalMb)}   (${m.heapUsedMb.toFixed(0)} MB used)`);
console.log(
  `  external       ${mb(m.externalMb)}   (${m.arrayBuffersMb.toFixed(0)} MB ArrayBuffers; the rest PGlite's WASM memory, reserved, resident only where touched)`,
);
console.log(
  `  RSS: own       ${mb(m.anonMb)}   (heaps, PGlite's WASM memory as far as touched, compiled code)`,
);
console.log(`  RSS: files     ${mb(m.fileMb)}   (node itself, native libraries)`);
console.log(`stopped with exit code ${m.exitCode}; processes left behind: ${m.leftovers.length || 'none'}`);
if (m.exitCode !== 0 || m.leftovers.length) process.exitCode = 1;
