import type { CategoryTree } from '../categories/index.js';

/**
 * What a buyer typed, made into a search (decision 052): every word must match,
 * in any order, somewhere in a part's name, SKU, brand, specifications or description
 * (search_vector), or be a word of its category's name. A word of the catalog matches as that
 * word; a word no known word begins with may be a typo: when the words as typed find nothing, it
 * also matches the known words closest to it by trigrams, and those make the 'Did you mean'.
 */

/** Words beyond these are ignored: a search is a few words, not a paragraph. */
export const MAX_SEARCH_WORDS = 8;

/**
 * A search's words as the lexicon keeps them (search_words_of, migration 0025): lower-cased runs
 * of letters and digits, dots inside a word kept ('m.2'), everything else a separator. Only
 * letters, digits and dots remain, so a word is always safe inside a quoted tsquery operand.
 */
export function searchWords(q: string): string[] {
  const words = q.toLowerCase().match(/[\p{L}\p{N}]+(?:\.[\p{L}\p{N}]+)*/gu) ?? [];
  return [...new Set(words.map((word) => word.slice(0, 40)))].slice(0, MAX_SEARCH_WORDS);
}

/**
 * The beginning a word is matched by: 'cards' finds 'card' and 'cards', 'ssds' finds 'ssd'. An
 * English plural's 's' only; the 'simple' configuration does not stem (decision 052).
 */
export const stemOf = (word: string): string =>
  word.length > 3 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word;

/** What the lexicon says of one word of a search. */
export interface WordLookup {
  word: string;
  /** Some known word begins with the word's stem. */
  known: boolean;
  /** The word or its stem is a known word: it is matched as that word, never as a beginning. */
  exact: boolean;
  /** The known words closest to it by trigram similarity, the closest first (for unknown words). */
  close: string[];
}

/** One word of a search, as SQL applies it: a tsquery (its alternatives OR'ed), or its categories. */
export interface SearchTerm {
  tsquery: string;
  /** Categories whose name has the word, with everything under them. */
  categoryIds: string[];
}

export interface SearchPlan {
  /** The whole search, lower-cased: a part whose SKU it is comes first. */
  sku: string;
  /** Every one must match (none: the search has no words and matches only an exact SKU). */
  terms: SearchTerm[];
  /** Every alternative of every word, OR'ed: what ranks the matches (ts_rank). */
  rankQuery: string;
  /** The search with each unknown word replaced by its closest known word. */
  suggestion?: string;
}

const quoted = (word: string) => `'${word}'`;

/** Category names' words, by category, with the words of its slug. */
function categoryWords(tree: CategoryTree): { ids: string[]; words: string[] }[] {
  return tree.ordered().map(({ node }) => ({
    ids: tree.subtree(node).map((child) => child.id),
    words: [...searchWords(`${node.name} ${node.slug}`)],
  }));
}

/** A search as typed, and, when a word may be a typo, with its close words too. */
export interface SearchPlans {
  asTyped: SearchPlan;
  /** Used only when the words as typed find nothing; it carries the 'Did you mean'. */
  corrected?: SearchPlan;
}

/**
 * A word's tsquery operands: a known word as itself and its plural ('card' finds 'cards', 'cards'
 * finds 'card'), so 'atx' does not find 'atx2' nor 'am5' a longer word; any other word as the
 * beginning of words (a SKU or a name half typed), with its close words when corrected.
 */
function operands({ word, exact }: WordLookup, guesses: string[]): string[] {
  const stem = stemOf(word);
  const own = exact ? [...new Set([stem, word, `${stem}s`])].map(quoted) : [`${quoted(stem)}:*`];
  return [...own, ...guesses.map(quoted)];
}

/**
 * One plan from the words' look-ups, with or without the close words of the unknown ones. A word
 * matches a category when one of the category's words is its stem, begins with it (three
 * letters or more), or is one of its close words.
 */
function plan(q: string, lookups: WordLookup[], tree: CategoryTree, correct: boolean): SearchPlan {
  const categories = categoryWords(tree);
  const alternatives: string[] = [];
  const terms = lookups.map((lookup): SearchTerm => {
    const stem = stemOf(lookup.word);
    const guesses = correct && !lookup.known ? lookup.close : [];
    const options = operands(lookup, guesses);
    alternatives.push(...options);
    const matches = (candidate: string) =>
      candidate === stem || (stem.length >= 3 && candidate.startsWith(stem)) || guesses.includes(candidate);
    const categoryIds = categories
      .filter((category) => category.words.some(matches))
      .flatMap((category) => category.ids);
    return { tsquery: options.join(' | '), categoryIds: [...new Set(categoryIds)] };
  });
  const corrected = lookups.map(({ word, known, close }) => (correct && !known ? (close[0] ?? word) : word));
  const changed = corrected.some((word, index) => word !== lookups[index]?.word);
  return {
    sku: q.trim().toLowerCase(),
    terms,
    rankQuery: alternatives.join(' | '),
    ...(changed && { suggestion: corrected.join(' ') }),
  };
}

/** The plans of a search: as typed, and corrected when some unknown word has close words. */
export function planSearch(q: string, lookups: WordLookup[], tree: CategoryTree): SearchPlans {
  const asTyped = plan(q, lookups, tree, false);
  const mayBeTypo = lookups.some(({ known, close }) => !known && close.length > 0);
  return { asTyped, ...(mayBeTypo && { corrected: plan(q, lookups, tree, true) }) };
}
