import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Plugin, runnerImport } from 'vite';

/**
 * The app's first views (src/app/first-views.ts), imported through Vite rather than by Node: the
 * views compute their requests from the app's declared answers (src/lib/first-answers.ts), which
 * read the contract's route table, a TypeScript source package Node cannot load by itself.
 */
async function loadViews() {
  const file = fileURLToPath(new URL('../src/app/first-views.ts', import.meta.url));
  const { module } = await runnerImport<typeof import('../src/app/first-views.ts')>(file, {
    configFile: false,
    logLevel: 'silent',
  });
  return module;
}

/** A manifest entry, as far as it is read here. */
interface Chunk {
  file: string;
  imports?: string[];
}

/** What the store reads: per public path, the files to preload and the requests to start. */
interface FirstViewHints {
  path: string;
  modules: string[];
  requests: readonly string[];
}

/**
 * Writes dist/.vite/first-views.json once the build's manifest is written: for each first view
 * (src/app/first-views.ts), every file its page's chunk imports, directly or not, and those of
 * the answer schemas when it fetches, less what index.html already names. A page the manifest
 * does not know (renamed, moved) fails the build rather than shipping hints that name nothing.
 */
export function firstViews(): Plugin {
  let outDir = '';
  return {
    name: 'first-views',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const { ANSWER_MODULES, FIRST_VIEWS } = await loadViews();
      const manifest: Record<string, Chunk> = JSON.parse(
        readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8'),
      );
      const closure = (key: string, into = new Set<string>()): Set<string> => {
        const chunk = manifest[key];
        if (!chunk) throw new Error(`first-views: the build has no module ${key}`);
        if (into.has(chunk.file)) return into;
        into.add(chunk.file);
        for (const imported of chunk.imports ?? []) closure(imported, into);
        return into;
      };
      const inPage = closure('index.html');
      const hints: FirstViewHints[] = FIRST_VIEWS.map(({ path: route, page, requests = [] }) => {
        const files = closure(page);
        if (requests.length > 0) for (const module of ANSWER_MODULES) closure(module, files);
        const modules = [...files].filter((file) => !inPage.has(file)).map((file) => `/${file}`);
        return { path: route, modules, requests };
      });
      // Beside the manifest: the store never serves dot-folders as files.
      writeFileSync(path.join(outDir, '.vite/first-views.json'), `${JSON.stringify(hints, null, 2)}\n`);
    },
  };
}
