import { asc, gt, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { partColumns, parts } from '../../db/schema.js';
import type { NewPartRow, PartRow } from './repo.js';

/** Another part holds the SKU (as in repo.ts). */
const SKU_INDEX = 'parts_sku_idx';

/** Rows per statement: a batch of 500 inserted parts binds about 6,000 parameters (limit 65,535). */
export const IMPORT_WRITE_BATCH = 500;

/** What an import sets on a known part: its whole record but the id, the adder, the dates. */
export type ImportedEdit = Pick<
  PartRow,
  | 'id'
  | 'sku'
  | 'name'
  | 'priceCents'
  | 'minOrderQuantity'
  | 'orderMultiple'
  | 'availableQuantity'
  | 'categoryId'
  | 'brand'
  | 'description'
  | 'img'
  | 'attributes'
>;

/**
 * The catalog import's and export's reads and writes (features/parts/import.ts), each bounded:
 * the file's parts are read in one statement, added and updated a batch per statement.
 */
export function createImportRepo(db: Database) {
  return {
    /**
     * Every part holding one of `skus` (compared case-insensitively, as parts_sku_idx does),
     * deleted ones included (they keep their SKU); with `lock`, locked until the transaction ends
     * so no order or edit moves them between the check and the write (a dry run locks nothing).
     * Locked in id order, as every writer of stock locks parts, and `no key update`, as an UPDATE
     * that keeps the id locks them: orders' lines, checking that their parts exist, still may.
     */
    async bySkus(tx: Database, skus: readonly string[], lock: boolean): Promise<PartRow[]> {
      if (skus.length === 0) return [];
      const lowered = skus.map((sku) => sku.toLowerCase());
      const read = tx
        .select(partColumns)
        .from(parts)
        .where(inArray(sql`lower(${parts.sku})`, lowered));
      return lock ? read.orderBy(parts.id).for('no key update') : read;
    },

    /**
     * Adds the parts, a batch per statement, and says their ids; `undefined` when another part
     * took one of their SKUs since `bySkus` read them (the transaction is then spoilt: roll back).
     */
    async insertMany(
      tx: Database,
      rows: readonly NewPartRow[],
    ): Promise<{ id: string; sku: string }[] | undefined> {
      const added: { id: string; sku: string }[] = [];
      try {
        for (let start = 0; start < rows.length; start += IMPORT_WRITE_BATCH) {
          const batch = rows.slice(start, start + IMPORT_WRITE_BATCH);
          added.push(...(await tx.insert(parts).values(batch).returning({ id: parts.id, sku: parts.sku })));
        }
      } catch (error) {
        if (isUniqueViolation(error, SKU_INDEX)) return undefined;
        throw error;
      }
      return added;
    },

    /**
     * Sets each part's record, a batch per statement: the batch travels as one JSON parameter,
     * read back as typed rows by jsonb_to_recordset (both engines), and joined to the parts by id.
     */
    async updateMany(tx: Database, rows: readonly ImportedEdit[]): Promise<void> {
      for (let start = 0; start < rows.length; start += IMPORT_WRITE_BATCH) {
        const batch = JSON.stringify(rows.slice(start, start + IMPORT_WRITE_BATCH));
        await tx.execute(sql`
          update ${parts} p set
            sku = v."sku", name = v."name", price_cents = v."priceCents",
            min_order_quantity = v."minOrderQuantity", order_multiple = v."orderMultiple",
            available_quantity = v."availableQuantity", category_id = v."categoryId",
            brand = v."brand", description = v."description", img = v."img",
            attributes = v."attributes"
          from jsonb_to_recordset(${batch}::jsonb) as v(
            "id" uuid, "sku" text, "name" text, "priceCents" integer, "minOrderQuantity" integer,
            "orderMultiple" integer, "availableQuantity" integer, "categoryId" uuid, "brand" text,
            "description" text, "img" text, "attributes" jsonb
          )
          where p.id = v."id" and p.deleted_at is null`);
      }
    },

    /** Listed parts in id order, `size` at a time (keyset: each batch enters the primary key). */
    async *listedBatches(size: number): AsyncGenerator<PartRow[]> {
      let after: string | undefined;
      for (;;) {
        const rows = await db
          .select(partColumns)
          .from(parts)
          .where(sql`${parts.deletedAt} is null ${after ? sql`and ${gt(parts.id, after)}` : sql``}`)
          .orderBy(asc(parts.id))
          .limit(size);
        if (rows.length > 0) yield rows;
        const last = rows.at(-1);
        if (!last || rows.length < size) return;
        after = last.id;
      }
    },

    inTransaction<T>(work: (tx: Database) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(tx));
    },
  };
}

export type ImportRepo = ReturnType<typeof createImportRepo>;
