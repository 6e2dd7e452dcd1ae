import path from 'node:path';
import { build, type Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';

/**
 * The typed client is in the first load (every page's data comes through it), so what it imports
 * statically counts against the 100 kB budget (decision 018): the route table, never zod or the
 * contract's schemas, which come with the first answer (decision 037). Bundled here as the app's
 * build bundles it, the shared package's barrel tree-shaken the same way.
 */
const webRoot = path.resolve(import.meta.dirname, '../..');

async function bundle(entry: string): Promise<Rolldown.OutputChunk[]> {
  const output = await build({
    configFile: false,
    root: webRoot,
    logLevel: 'silent',
    build: { write: false, rolldownOptions: { input: path.join(webRoot, entry) } },
  });
  const outputs = Array.isArray(output) ? output : [output];
  return outputs.flatMap((result) =>
    'output' in result ? result.output.filter((file) => file.type === 'chunk') : [],
  );
}

const inShared = (file: string) => `/packages/shared/src/${file}`;
const isZod = (id: string) => id.includes('/node_modules/zod/');
const isSchemaFile = (id: string) =>
  /\/packages\/shared\/src\/(schemas\/|contract\/(?!route-table))/.test(id);

describe("the typed client's first load", () => {
  it('holds the route table, and no zod or schema until an answer comes', async () => {
    const chunks = await bundle('src/lib/api.ts');
    const entry = chunks.find((chunk) => chunk.isEntry);
    // The entry and what it imports statically: the first load.
    const firstLoad = new Set([entry?.fileName, ...(entry?.imports ?? [])]);
    const first = chunks.filter((chunk) => firstLoad.has(chunk.fileName)).flatMap((chunk) => chunk.moduleIds);
    expect(first.some((id) => id.endsWith(inShared('contract/route-table.ts')))).toBe(true);
    expect(first.filter(isZod)).toEqual([]);
    expect(first.filter(isSchemaFile)).toEqual([]);
    expect(first.filter((id) => id.endsWith('/src/lib/answer-check.ts'))).toEqual([]);

    // The answers' checks are a chunk of their own, loaded on demand, and zod comes with them.
    const later = chunks
      .filter((chunk) => !firstLoad.has(chunk.fileName))
      .flatMap((chunk) => chunk.moduleIds);
    expect(later.some((id) => id.endsWith('/src/lib/answer-check.ts'))).toBe(true);
    expect(later.some(isZod)).toBe(true);
    expect(later.some((id) => id.endsWith(inShared('contract/orders.ts')))).toBe(true);
  }, 60_000);
});
