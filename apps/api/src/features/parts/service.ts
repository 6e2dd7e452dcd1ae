import {
  apiMessages,
  DEFAULT_LOW_STOCK_THRESHOLD,
  type DeleteResult,
  effectivePartOrder,
  encodePartsCursor,
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
import { UPLOADED_IMAGE_PATTERN } from '../images/index.js';
import { partAuditFields, toPartDto } from './dto.js';
import type { PartChanges, PartEdits, PartRow, PartsRepo, UpdateOutcome } from './repo.js';

/** The demo catalog's shipped images stay valid when an admin edits a demo part. */
const SHIPPED_IMAGE_PATTERN = /^\/media\/parts\/[a-z0-9-]+\.svg$/;

/**
 * What another feature may read of the parts' store: a part on sale, by id (an order is priced
 * from it). app.ts hands it the parts repository; the feature itself never imports it.
 */
export type ListedParts = Pick<PartsRepo, 'findListed'>;

export function createPartsService(
  repo: PartsRepo,
  options: {
    /** Where every add, edit and delete is recorded, in its own transaction. */
    audit: AuditTrail;
    imageHostOrigins: string[];
    /** Told after every add, edit and delete (the sitemap's cache). */
    onChange?: () => void;
    /** Below this many units a part is 'low' (LOW_STOCK_THRESHOLD). */
    lowStockThreshold?: number;
  },
) {
  const { audit } = options;
  const target = (id: string, row: Pick<PartRow, 'name'>) => ({ type: 'part' as const, id, label: row.name });
  const threshold = options.lowStockThreshold ?? DEFAULT_LOW_STOCK_THRESHOLD;
  const toDto = (row: Parameters<typeof toPartDto>[0]) => toPartDto(row, threshold);

  /** Only images we issued, or that the configured external host issued. */
  function checkImage(img: string) {
    if (UPLOADED_IMAGE_PATTERN.test(img) || SHIPPED_IMAGE_PATTERN.test(img)) return;
    let origin: string | undefined;
    try {
      origin = new URL(img).origin;
    } catch {
      origin = undefined;
    }
    if (!origin || !options.imageHostOrigins.includes(origin) || !img.startsWith('https://')) {
      throw new Invalid(apiMessages.invalidInput, { img: validationMessages.imageInvalid });
    }
  }

  const toEdits = (input: ProductUpdate): PartEdits => ({
    name: input.name,
    img: input.img,
    priceCents: toCents(input.price),
    minOrderQuantity: input.minOrderQuantity,
    description: input.description,
    bulkDiscount: input.bulkDiscount,
    // Absent: an older client's edit keeps the part's own SKU and pack size.
    ...(input.sku !== undefined && { sku: input.sku }),
    ...(input.orderMultiple !== undefined && { orderMultiple: input.orderMultiple }),
  });

  const toRow = (input: ProductInput): PartChanges => ({
    ...toEdits(input),
    sku: input.sku,
    orderMultiple: input.orderMultiple,
    availableQuantity: input.availableQuantity,
  });

  const skuTaken = (sku: string) =>
    new Conflict(apiMessages.skuTaken(sku), { sku: apiMessages.skuTaken(sku) });

  return {
    /**
     * A page by number (`page`) or after a cursor, with the next page's cursor when more follow
     * (never for a search ranked by relevance: its order has no index to enter).
     */
    async list(query: PartsQuery): Promise<Page<Part>> {
      const order = effectivePartOrder(query);
      const filter = { q: query.q || undefined, inStock: query.inStock };
      const [{ items, last }, { total, capped }] = await Promise.all([
        repo.list({ ...toOffset(query), order, cursor: query.cursor, ...filter }),
        repo.total(filter, SEARCH_COUNT_CAP),
      ]);
      const next = last && order !== 'relevance' ? encodePartsCursor({ sort: order, ...last }) : undefined;
      return {
        items: items.map(toDto),
        total,
        ...(capped && { totalCapped: true }),
        ...(next && { nextCursor: next }),
      };
    },

    async get(id: string): Promise<Part> {
      const row = await repo.findListed(id);
      if (!row) throw new NotFound(apiMessages.partNotFound);
      return toDto(row);
    },

    async add(admin: Caller, input: ProductInput): Promise<InsertResult> {
      checkImage(input.img);
      const row = toRow(input);
      const id = await repo.inTransaction(async (parts, tx) => {
        const outcome = await parts.insert({ ...row, addedBy: admin.email });
        if (outcome.kind === 'sku-taken') throw skuTaken(input.sku);
        await audit.record(tx, {
          actor: admin.email,
          action: 'part.add',
          target: target(outcome.id, row),
          after: partAuditFields(row),
        });
        return outcome.id;
      });
      options.onChange?.();
      return { acknowledged: true, insertedId: id };
    },

    /**
     * A stale stock is refused whole: the admin's form keeps their edits and saves again. The
     * fields that changed are recorded (`part.edit`), and a new stock apart (`part.stock`), with
     * the edit, from the part as it was under the edit's lock.
     */
    async update(admin: Caller, id: string, input: ProductUpdate): Promise<UpdateResult> {
      checkImage(input.img);
      const { availableQuantity: after, availableQuantityBefore: before } = input;
      // The schema requires `before` with `after`; both or neither reach here.
      const stock = after !== undefined && before !== undefined ? { before, after } : undefined;
      const edits = toEdits(input);
      await repo.inTransaction(async (parts, tx) => {
        const was = await parts.findListedForUpdate(id);
        if (!was) throw new NotFound(apiMessages.partNotFound);
        refuse(await parts.update(id, edits, stock), input);
        const entry = { actor: admin.email, target: target(id, was) };
        const edited = changedFields(partAuditFields(was), partAuditFields(edits));
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
      await repo.inTransaction(async (parts, tx) => {
        const was = await parts.softDelete(id);
        if (!was) throw new NotFound(apiMessages.partNotFound);
        await audit.record(tx, {
          actor: admin.email,
          action: 'part.delete',
          target: target(id, was),
          before: partAuditFields(was),
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
