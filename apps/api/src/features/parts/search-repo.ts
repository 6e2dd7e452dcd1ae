import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { searchWords } from '../../db/schema.js';
import { stemOf, type WordLookup } from './search-terms.js';

/** Close words offered for a typo: the few most similar (pg_trgm's `%`, similarity >= 0.3). */
const CLOSE_WORDS = 3;
/** Shorter words have too few trigrams to say what they were meant to be. */
const MIN_TYPO_LENGTH = 3;

/**
 * The lexicon's answers for a search's words, in one statement: is the word (or its stem) a known
 * word (the key), is its stem the beginning of one (a range of the C-collated key), and, when
 * not, which known words are closest (search_words_trgm_idx). A number (no letter) is taken as
 * typed: the lexicon holds none. A single letter is a whole word ('E-ATX' is 'e' and 'atx'): too
 * short for the lexicon, and as a beginning it would match most of the catalog.
 */
export function createSearchRepo(db: Database) {
  return {
    async lookup(words: string[]): Promise<WordLookup[]> {
      if (words.length === 0) return [];
      const values = words.map((word, index) => sql`(${word}::text, ${stemOf(word)}::text, ${index}::int)`);
      const result = await db.execute(sql`
        select t.word, k.known, k.exact, c.close
        from (values ${sql.join(values, sql`, `)}) as t(word, stem, position)
        cross join lateral (
          select t.word !~ '[[:alpha:]]'
            or exists (select 1 from ${searchWords} w where w.word like t.stem || '%') as known,
          (length(t.word) = 1 and t.word ~ '[[:alpha:]]')
            or exists (select 1 from ${searchWords} w where w.word in (t.word, t.stem)) as exact
        ) k
        cross join lateral (
          select array_agg(s.word order by s.closeness desc, s.word) as close
          from (
            select w.word, similarity(w.word, t.word) as closeness from ${searchWords} w
            where not k.known and length(t.word) >= ${MIN_TYPO_LENGTH} and w.word % t.word
            order by closeness desc, w.word limit ${CLOSE_WORDS}
          ) s
        ) c
        order by t.position`);
      // Both drivers answer raw SQL with the rows under `rows`.
      const rows = (
        result as unknown as {
          rows: { word: string; known: boolean; exact: boolean; close: string[] | null }[];
        }
      ).rows;
      return rows.map(({ word, known, exact, close }) => ({ word, known, exact, close: close ?? [] }));
    },

    /** Forgets the words no part or category has any more (migration 0029); says how many went. */
    async prune(): Promise<number> {
      const [row] = rowsOf(await db.execute(sql`select prune_search_words() as deleted`));
      return Number(row?.deleted ?? 0);
    },
  };
}

export type SearchRepo = ReturnType<typeof createSearchRepo>;
