import {
  type AttributeDefinition,
  apiMessages,
  type CatalogFilterQuery,
  categoryMessages,
  DEFAULT_LOW_STOCK_THRESHOLD,
  type DeleteResult,
  effectivePartOrder,
  encodePartsCursor,
  type Facet,
  type Facets,
  type FacetsQuery,
  fromCents,
  type InsertResult,
  type Part,
  type PartsQuery,
  type ProductInput,
  type ProductUpdate,
  SEARCH_COUNT_CAP,
  toCents,
  type UpdateResult,
  validationMessages,
} from '@store/shared';
import type { Caller } from '../../auth/caller.js';
import { Conflict, Invalid, NotFound } from '../../lib/domain-errors.js';
import { type Page, toOffset } from '../../lib/pagination.js';
import { type AuditTrail, changedFields } from '../audit/index.js';
import type { CategoriesService, CategoryTree } from '../categories/index.js';
import {
  type CatalogFilter,
  type CompatibleWith,
  compatibilityValues,
  type ResolvedFilter,
  resolveFilter,
} from './catalog-filter.js';
import { partAuditFields, toPartDto } from './dto.js';
import type { FacetBaseCache } from './facet-base-cache.js';
import { countFacets, type FacetCounts } from './facet-counts.js';
import type { FacetSpec, FacetsRepo } from './facets-repo.js';
import { imageCheck, place, priceUnitCheck } from './part-checks.js';
import type { PartChanges, PartEdits, PartRow, PartsRepo, UpdateOutcome } from './repo.js';
import type { SearchRepo } from './search-repo.js';
import { planSearch, type SearchPlan, type SearchPlans, searchWords } from './search-terms.js';

/** A facet lists at most this many values, the most common first. */
const MAX_FACET_VALUES = 100;

/**
 * What another feature may read of the parts' store: a part on sale, by id (an order is priced
 * from it). app.ts hands it the parts repository; the feature itself never imports it.
 */
export type ListedParts = Pick<PartsRepo, 'findListed'>;

export function createPartsService(
  repo: PartsRepo,
  options: {
    imageHostOrigins: string[];
    /** The category tree: filters, facets, and the checks of a part's attributes. */
    categories: Pick<CategoriesService, 'tree' | 'lockedTree'>;
    /** Facet counts (decision 049): the grouped parts of a base, kept per instance when it can be. */
    facets: FacetsRepo;
    facetBases?: FacetBaseCache | undefined;
    /** The lexicon a search's words are looked up in (decision 052). */
    search: SearchRepo;
    /** Where every add, edit and delete is recorded, in its own transaction. */
    audit: AuditTrail;
    /** Told after every add, edit and delete (the sitemap's cache). */
    onChange?: () => void;
    /** Below this many units a part is 'low' (LOW_STOCK_THRESHOLD). */
    lowStockThreshold?: number;
    /** The currency's smallest amount in hundredths (100 for a yen): prices are whole ones. */
    minorUnitCents?: number;
  },
) {
  const { audit } = options;
  const target = (id: string, row: Pick<PartRow, 'name'>) => ({ type: 'part' as const, id, label: row.name });
  const threshold = options.lowStockThreshold ?? DEFAULT_LOW_STOCK_THRESHOLD;
  /** What the audit trail records of a part: the admin's fields, and where it sits (by slug). */
  const auditFields = (
    tree: CategoryTree,
    row: Parameters<typeof partAuditFields>[0] & Partial<PartRow>,
  ) => ({
    ...partAuditFields(row),
    ...(row.categoryId !== undefined && {
      category: (row.categoryId && tree.get(row.categoryId)?.slug) || null,
    }),
    ...(row.brand !== undefined && { brand: row.brand }),
    ...(row.attributes !== undefined && { attributes: row.attributes }),
  });
  const toDto = (tree: CategoryTree) => (row: PartRow) =>
    toPartDto(row, threshold, (row.categoryId && tree.get(row.categoryId)?.slug) || null);

  const checkImage = imageCheck(options.imageHostOrigins);
  const checkPrice = priceUnitCheck(options.minorUnitCents ?? 1);

  const toEdits = (input: ProductUpdate): PartEdits => ({
    name: input.name,
    img: input.img,
    priceCents: toCents(input.price),
    minOrderQuantity: input.minOrderQuantity,
    description: input.description,
    bulkDiscount: input.bulkDiscount,
    // Absent: an older client's edit keeps the part's own SKU, pack size and brand.
    ...(input.sku !== undefined && { sku: input.sku }),
    ...(input.orderMultiple !== undefined && { orderMultiple: input.orderMultiple }),
    ...(input.brand !== undefined && { brand: input.brand || null }),
  });

  const skuTaken = (sku: string) =>
    new Conflict(apiMessages.skuTaken(sku), { sku: apiMessages.skuTaken(sku) });

  /** The part to match (`compatibleWith`), with its compatibility values; a 400 when unknown. */
  async function compatibleWith(
    tree: CategoryTree,
    partId: string | undefined,
  ): Promise<CompatibleWith | undefined> {
    if (!partId) return undefined;
    const part = await repo.findListed(partId);
    if (!part)
      throw new Invalid(apiMessages.invalidQuery, { compatibleWith: categoryMessages.compatibleWithUnknown });
    const category = part.categoryId ? tree.get(part.categoryId) : undefined;
    const definitions = category ? tree.definitions(category) : [];
    return { partId, categoryId: part.categoryId, values: compatibilityValues(definitions, part.attributes) };
  }

  /** A search's words looked up in the lexicon, and planned against the tree (decision 052). */
  async function planFor(q: string | undefined, tree: CategoryTree): Promise<SearchPlans | undefined> {
    if (!q) return undefined;
    const words = searchWords(q);
    return planSearch(q, await options.search.lookup(words), tree);
  }

  /**
   * The search as typed, unless it finds nothing (with the query's other filters) and a word may
   * be a typo: then the corrected search, which carries the 'Did you mean'. The list, its total
   * and the facets all read the plan chosen here.
   */
  async function chosenPlan(filter: CatalogFilter, plans: SearchPlans): Promise<SearchPlan> {
    if (!plans.corrected) return plans.asTyped;
    const { total } = await repo.total({ ...filter, search: plans.asTyped }, 1);
    return total > 0 ? plans.asTyped : plans.corrected;
  }

  async function resolve(query: CatalogFilterQuery): Promise<{ tree: CategoryTree } & ResolvedFilter> {
    const tree = await options.categories.tree();
    const [match, plans] = await Promise.all([
      compatibleWith(tree, query.compatibleWith),
      planFor(query.q, tree),
    ]);
    const resolved = resolveFilter(query, tree, match);
    const search = plans && (await chosenPlan(resolved.filter, plans));
    return { tree, ...resolved, filter: { ...resolved.filter, ...(search && { search }) } };
  }

  /** The facets a category shows: brand, price, then its attributes in their order. */
  const facetSpecs = (definitions: AttributeDefinition[]): FacetSpec[] => [
    { kind: 'brand' },
    { kind: 'price' },
    ...definitions.map((definition) => ({ kind: 'attribute' as const, definition })),
  ];

  function toFacet(spec: FacetSpec, counts: FacetCounts): Facet {
    const values = counts.values
      .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value))
      .slice(0, MAX_FACET_VALUES);
    const bounds = (scale: (n: number) => number) => ({
      ...(counts.min !== undefined && { min: scale(counts.min) }),
      ...(counts.max !== undefined && { max: scale(counts.max) }),
    });
    if (spec.kind === 'brand')
      return { key: 'brand', label: categoryMessages.facetBrand, type: 'enum', values };
    if (spec.kind === 'price')
      return { key: 'price', label: categoryMessages.facetPrice, type: 'number', ...bounds(fromCents) };
    const { key, label, type, unit } = spec.definition;
    if (type === 'number') return { key, label, type, ...(unit && { unit }), ...bounds((n) => n) };
    return { key, label, type, values };
  }

  return {
    /**
     * A page by number (`page`) or after a cursor, with the next page's cursor when more follow
     * (by relevance too: the cursor carries the last part's score), and for a search whose words
     * as typed find nothing, what it likely meant ('Did you mean', when that finds parts).
     */
    async list(query: PartsQuery): Promise<Page<Part>> {
      const { tree, filter } = await resolve(query);
      const order = effectivePartOrder(query);
      const [{ items, last }, { total, capped }] = await Promise.all([
        repo.list({ ...toOffset(query), order, cursor: query.cursor, ...filter }),
        repo.total(filter, SEARCH_COUNT_CAP),
      ]);
      const next = last && encodePartsCursor({ sort: order, ...last });
      const suggestion = total > 0 ? filter.search?.suggestion : undefined;
      return {
        items: items.map(toDto(tree)),
        total,
        ...(capped && { totalCapped: true }),
        ...(next && { nextCursor: next }),
        ...(suggestion && { suggestion }),
      };
    },

    /** Counts for the filter panel: each facet relaxes its own selection (decision 049). */
    async facets(query: FacetsQuery): Promise<Facets> {
      const { filter, definitions } = await resolve(query);
      const specs = facetSpecs(definitions);
      const read = () => options.facets.rows(filter, specs);
      // What the rows depend on: the base (no facet's selection). The tree's definitions are the
      // category's, and a change to the tree forgets every base.
      const base = JSON.stringify([filter.categoryIds, filter.search, filter.inStock, filter.compatibleWith]);
      const rows = options.facetBases ? await options.facetBases.get(base, read) : await read();
      const { total, facets } = countFacets(specs, filter, rows);
      return { total, facets: specs.map((spec, index) => toFacet(spec, facets[index] ?? { values: [] })) };
    },

    async get(id: string): Promise<Part> {
      const [row, tree] = await Promise.all([repo.findListed(id), options.categories.tree()]);
      if (!row) throw new NotFound(apiMessages.partNotFound);
      return toDto(tree)(row);
    },

    async add(admin: Caller, input: ProductInput): Promise<InsertResult> {
      checkImage(input.img);
      checkPrice(toCents(input.price));
      const id = await repo.inTransaction(async (parts, tx) => {
        const tree = await options.categories.lockedTree(tx);
        const placement = place(tree, input.category ?? null, input.attributes ?? {});
        const row: PartChanges = {
          ...toEdits(input),
          sku: input.sku,
          orderMultiple: input.orderMultiple,
          availableQuantity: input.availableQuantity,
          ...placement,
        };
        const outcome = await parts.insert({ ...row, addedBy: admin.email });
        if (outcome.kind === 'sku-taken') throw skuTaken(input.sku);
        await audit.record(tx, {
          actor: admin.email,
          action: 'part.add',
          target: target(outcome.id, row),
          after: auditFields(tree, row),
        });
        return outcome.id;
      });
      options.onChange?.();
      return { acknowledged: true, insertedId: id };
    },

    /**
     * A stale stock is refused whole: the admin's form keeps their edits and saves again. The
     * fields that changed are recorded (`part.edit`), and a new stock apart (`part.stock`), with
     * the edit, from the part as it was under the edit's lock. A category or attributes left out
     * are the part's own: kept values must fit a new category, new values the kept one.
     */
    async update(admin: Caller, id: string, input: ProductUpdate): Promise<UpdateResult> {
      checkImage(input.img);
      checkPrice(toCents(input.price));
      const { availableQuantity: after, availableQuantityBefore: before } = input;
      // The schema requires `before` with `after`; both or neither reach here.
      const stock = after !== undefined && before !== undefined ? { before, after } : undefined;
      const edits = toEdits(input);
      const placing = input.category !== undefined || input.attributes !== undefined;
      // Read before the transaction: the pool's connection may be the transaction's own (PGlite).
      const kept = placing ? undefined : await options.categories.tree();
      await repo.inTransaction(async (parts, tx) => {
        // The tree first (a category write waits for this edit, or this edit for it), then the part.
        const tree = kept ?? (await options.categories.lockedTree(tx));
        const was = await parts.findListedForUpdate(id);
        if (!was) throw new NotFound(apiMessages.partNotFound);
        if (placing) {
          const slug =
            input.category !== undefined
              ? input.category
              : (was.categoryId && tree.get(was.categoryId)?.slug) || null;
          Object.assign(edits, place(tree, slug, input.attributes ?? was.attributes));
        }
        refuse(await parts.update(id, edits, stock), input);
        const entry = { actor: admin.email, target: target(id, was) };
        const edited = changedFields(auditFields(tree, was), auditFields(tree, edits));
        if (edited) await audit.record(tx, { ...entry, action: 'part.edit', ...edited });
        if (stock && stock.after !== was.availableQuantity) {
          await audit.record(tx, {
            ...entry,
            action: 'part.stock',
            before: { availableQuantity: was.availableQuantity },
            after: { availableQuantity: stock.after },
          });
        }
      });
      options.onChange?.();
      return { acknowledged: true, matchedCount: 1, modifiedCount: 1 };
    },

    async remove(admin: Caller, id: string): Promise<DeleteResult> {
      const tree = await options.categories.tree();
      await repo.inTransaction(async (parts, tx) => {
        const was = await parts.softDelete(id);
        if (!was) throw new NotFound(apiMessages.partNotFound);
        await audit.record(tx, {
          actor: admin.email,
          action: 'part.delete',
          target: target(id, was),
          before: auditFields(tree, was),
        });
      });
      options.onChange?.();
      return { acknowledged: true, deletedCount: 1 };
    },
  };

  /** An edit the repository refused: thrown, so its transaction rolls back. */
  function refuse(outcome: UpdateOutcome, input: ProductUpdate): void {
    if (outcome.kind === 'missing') throw new NotFound(apiMessages.partNotFound);
    if (outcome.kind === 'sku-taken') throw skuTaken(input.sku ?? '');
    if (outcome.kind === 'partial-packs') {
      // The edit kept the stored pack size and a minimum that is not a whole number of them.
      const message = validationMessages.minOrderNotWholePacks(outcome.orderMultiple);
      throw new Invalid(message, { minOrderQuantity: message });
    }
    if (outcome.kind === 'stock-moved') {
      throw new Conflict(apiMessages.stockChanged(outcome.availableQuantity), {
        availableQuantity: String(outcome.availableQuantity),
      });
    }
  }
}

export type PartsService = ReturnType<typeof createPartsService>;
