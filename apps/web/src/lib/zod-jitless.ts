/**
 * Zod 4 compiles fast object parsers with `new Function`, and first probes for it with
 * `Function('')`, which the store's Content-Security-Policy (no 'unsafe-eval') refuses and the
 * browser reports as a console error (Lighthouse "best practices"). Jitless parsing is what runs
 * under that policy anyway. Zod reads this global config when it loads; setting it here, first
 * thing in the entry, keeps zod itself out of the entry chunk.
 */
declare global {
  var __zod_globalConfig: { jitless?: boolean } | undefined;
}
globalThis.__zod_globalConfig = { ...globalThis.__zod_globalConfig, jitless: true };

export {};
