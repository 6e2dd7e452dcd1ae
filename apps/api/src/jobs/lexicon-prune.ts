import type { SearchRepo } from '../features/parts/search-repo.js';
import type { Logger } from '../lib/logger.js';
import { startPeriodicJob } from './periodic.js';
import type { StartedBoss } from './pg-boss-queue.js';

export const LEXICON_PRUNE_QUEUE = 'prune-search-words';
/**
 * Twice a day: a word that outlived its parts only costs a typo a worse guess, and the prune
 * reads every part's words (about 4 s at 100,000 parts) while admins' renames wait for it. Not
 * longer: pg-boss keeps a job's once-per-period throttle for at most its archive interval (12 h).
 */
const PERIOD_MS = 12 * 60 * 60_000;

/** Forgets the search words no part or category has any more (migration 0029); says how many. */
export async function pruneSearchWords(options: { search: Pick<SearchRepo, 'prune'>; logger: Logger }) {
  const deleted = await options.search.prune();
  if (deleted) options.logger.info({ deleted }, 'forgot search words that no part has any more');
  return deleted;
}

/** Every 12 hours, once across all instances (periodic.ts). */
export function startLexiconPrune(options: {
  boss: StartedBoss;
  search: Pick<SearchRepo, 'prune'>;
  logger: Logger;
}): Promise<() => Promise<void>> {
  return startPeriodicJob({
    boss: options.boss,
    name: LEXICON_PRUNE_QUEUE,
    periodMs: PERIOD_MS,
    label: 'the pruning of search words',
    logger: options.logger,
    run: async () => {
      await pruneSearchWords(options);
    },
  });
}
