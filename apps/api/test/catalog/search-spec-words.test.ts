import type { Part } from '@store/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parts } from '../../src/db/schema.js';
import { seedDemoCatalog } from '../../src/db/seed.js';
import { seedCategories } from '../../src/db/seed-catalog.js';
import { type SeedPart, seedParts } from '../../src/db/seed-data.js';
import { createSearchRepo } from '../../src/features/parts/search-repo.js';
import { stemOf } from '../../src/features/parts/search-terms.js';
import { createTestApp } from '../support/helpers.js';

/**
 * Specifications, brands and SKUs are words of the search (decision 052): a word of the catalog
 * is matched as that word and never 'corrected', and 'Did you mean' comes only when the words as
 * typed find nothing.
 *
 * What "finds exactly the parts that have it" means for a value: a search is its words (the API
 * splits 'Micro-ATX' into 'micro' and 'atx', '80 Plus Gold' into three), so a value finds exactly
 * the parts that have every one of its words, each as a word of a specification, the name, SKU,
 * brand, description or category. 'ATX' therefore finds the ATX boards and cases and the
 * Micro-ATX and E-ATX ones too (their value has the word 'atx'), while 'Micro-ATX' finds only
 * the parts with both 'micro' and 'atx'. A word with a letter is matched as itself or its plural
 * ('am5' never finds 'am5x', 'e' of 'E-ATX' no word beginning with e); a number ('2.5', '10') as
 * the beginning of a word, as typed
 * digits of a model number are; a category's word as the search describes (a beginning of three
 * letters or more: 'case' finds the Cases category).
 */
let ctx: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  ctx = await createTestApp();
  await seedDemoCatalog(ctx.db);
});
afterAll(() => ctx.close());

async function search(q: string) {
  const res = await ctx
    .http()
    .get(`/api/parts?q=${encodeURIComponent(q)}&limit=100`)
    .expect(200);
  const header = res.headers['x-did-you-mean'];
  return {
    skus: (res.body as Part[]).map((part) => part.sku),
    total: Number(res.headers['x-total-count']),
    suggestion: header === undefined ? undefined : decodeURIComponent(String(header)),
  };
}

/** Every word of a text, as the API splits a search (no cap on how many). */
const wordsOf = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+(?:\.[\p{L}\p{N}]+)*/gu) ?? [];

const textValues = (part: SeedPart) =>
  Object.values(part.attributes).filter((value): value is string => typeof value === 'string');

/** The category's words and its ancestors', by the part's category slug. */
function categoryWordsOf(slug: string | undefined): string[] {
  const category = seedCategories.find((candidate) => candidate.slug === slug);
  return category
    ? [...wordsOf(`${category.name} ${category.slug}`), ...categoryWordsOf(category.parent)]
    : [];
}

/** Whether a part has a searched word, by the rules above. */
function hasWord(part: SeedPart, word: string): boolean {
  const stem = stemOf(word);
  const own = wordsOf([part.name, part.sku, part.brand, part.description, ...textValues(part)].join(' '));
  const asWord = /\p{L}/u.test(word)
    ? own.some((candidate) => [stem, word, `${stem}s`].includes(candidate))
    : own.some((candidate) => candidate.startsWith(stem));
  const byCategory = categoryWordsOf(part.category).some(
    (candidate) => candidate === stem || (stem.length >= 3 && candidate.startsWith(stem)),
  );
  return asWord || byCategory;
}

const enumValues = [...new Set(seedParts.flatMap(textValues))].sort();

describe('specification values are words of the search', () => {
  it('covers every text value of the demo catalog', () => {
    expect(enumValues.length).toBeGreaterThanOrEqual(40);
    expect(enumValues).toEqual(expect.arrayContaining(['AM5', 'LGA1700', 'DDR5', 'ATX', 'Micro-ATX']));
  });

  it.each(enumValues)('%s finds exactly the parts with its words, uncorrected', async (value) => {
    const found = await search(value);
    const having = seedParts.filter((part) => textValues(part).includes(value)).map((part) => part.sku);
    const expected = seedParts.filter((part) => wordsOf(value).every((word) => hasWord(part, word)));
    expect(found.suggestion).toBeUndefined();
    expect(found.skus).toEqual(expect.arrayContaining(having));
    expect([...found.skus].sort()).toEqual(expected.map((part) => part.sku).sort());
    expect(found.total).toBe(expected.length);
  });

  const skusOf = (list: SeedPart[]) => list.map((part) => part.sku).sort();
  /** The parts with every word of a search, by the rules above. */
  const withWords = (q: string) =>
    seedParts.filter((part) => wordsOf(q).every((word) => hasWord(part, word)));

  it('finds the AM5 parts for am5, not the AM4 ones, and suggests nothing', async () => {
    const found = await search('am5');
    const am5 = seedParts.filter((part) => part.attributes.socket === 'AM5');
    expect(found.skus).toEqual(expect.arrayContaining(skusOf(am5)));
    expect([...found.skus].sort()).toEqual(skusOf(withWords('am5')));
    const am4Only = seedParts.filter((part) => part.attributes.socket === 'AM4' && !hasWord(part, 'am5'));
    expect(am4Only.length).toBeGreaterThan(0);
    for (const part of am4Only) expect(found.skus).not.toContain(part.sku);
    expect(found.suggestion).toBeUndefined();
  });

  it('finds every LGA1700 part for lga1700, the three processors among them', async () => {
    const found = await search('lga1700');
    const lga1700 = seedParts.filter((part) => part.attributes.socket === 'LGA1700');
    expect(lga1700.filter((part) => part.category === 'processors')).toHaveLength(3);
    expect(found.skus).toEqual(expect.arrayContaining(skusOf(lga1700)));
    expect([...found.skus].sort()).toEqual(skusOf(withWords('lga1700')));
  });

  it('corrects only the typo, and only because the words as typed find nothing', async () => {
    const found = await search('procesor am5');
    expect(found.suggestion).toMatch(/^processors? am5$/);
    const am5Processors = seedParts.filter(
      (part) => part.category === 'processors' && part.attributes.socket === 'AM5',
    );
    expect(found.skus).toEqual(expect.arrayContaining(skusOf(am5Processors)));
    expect(skusOf(am5Processors)).toContain(found.skus[0]);
    for (const sku of found.skus) {
      const part = seedParts.find((candidate) => candidate.sku === sku) as SeedPart;
      expect(part.attributes.socket, sku).not.toBe('AM4');
      expect(hasWord(part, 'am5'), sku).toBe(true);
    }
  });

  it('corrects typos of category words, and suggests nothing when the words as typed find parts', async () => {
    const typo = await search('motherbord');
    expect(typo.suggestion).toMatch(/^motherboards?$/);
    expect(typo.total).toBeGreaterThan(0);
    const processors = await search('processor');
    expect(processors.suggestion).toBeUndefined();
    expect([...processors.skus].sort()).toEqual(skusOf(withWords('processor')));
  });

  it('keeps a word that is not in the lexicon as typed when it finds parts', async () => {
    const descriptionWords = [...new Set(seedParts.flatMap((part) => wordsOf(part.description)))];
    const lookups = await createSearchRepo(ctx.db).lookup(
      descriptionWords.filter((word) => word.length >= 5),
    );
    const unknown = lookups.find((lookup) => !lookup.known && lookup.close.length > 0);
    expect(unknown).toBeDefined();
    const word = unknown?.word as string;
    const found = await search(word);
    expect(found.suggestion, word).toBeUndefined();
    expect([...found.skus].sort(), word).toEqual(skusOf(withWords(word)));
  });

  it('learns a value as a part is given it', async () => {
    const part = seedParts.find((candidate) => candidate.attributes.socket === 'AM4') as SeedPart;
    await ctx.db
      .update(parts)
      .set({ attributes: { ...part.attributes, socket: 'AM9' } })
      .where(eq(parts.sku, part.sku));
    const found = await search('am9');
    expect(found.skus).toEqual([part.sku]);
    expect(found.suggestion).toBeUndefined();
  });

  it('finds a brand as a word, whatever its case', async () => {
    for (const brand of new Set(seedParts.map((part) => part.brand))) {
      const found = await search(brand.toUpperCase());
      expect(found.suggestion, brand).toBeUndefined();
      expect([...found.skus].sort(), brand).toEqual(skusOf(withWords(brand)));
    }
  });

  it('finds a SKU exactly, the part first', async () => {
    const part = seedParts[10] as SeedPart;
    const found = await search(part.sku.toLowerCase());
    expect(found.skus[0]).toBe(part.sku);
    expect(found.suggestion).toBeUndefined();
  });
});
