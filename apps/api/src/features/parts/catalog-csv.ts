import {
  ATTRIBUTE_COLUMN_PREFIX,
  fromCents,
  type ImportRowResult,
  productImportMessages as m,
  PRODUCT_CSV_COLUMNS,
  type ProductImport,
  type ProductImportResult,
  productInputSchema,
  productUpdateSchema,
  SKU_PATTERN,
  toCents,
} from '@store/shared';
import type { z } from 'zod';
import type { Caller } from '../../auth/caller.js';
import { CSV_BOM, type CsvValue, csvRow } from '../../lib/csv.js';
import { Conflict, Invalid } from '../../lib/domain-errors.js';
import { type AuditRecord, type AuditTrail, changedFields } from '../audit/index.js';
import type { CategoriesService, CategoryTree } from '../categories/index.js';
import { partAuditFields } from './dto.js';
import type { ImportedEdit, ImportRepo } from './import-repo.js';
import { columnOf, type ImportLine, readImportFile, toRowInput } from './import-rows.js';
import { imageCheck, place, priceUnitCheck } from './part-checks.js';
import type { PartRow } from './repo.js';

/** Parts the export reads at a time: its memory stays bounded whatever the catalog's size. */
export const PRODUCTS_CSV_BATCH = 1000;

/** A new part: its whole record, as the file gives it. */
type NewPart = Omit<ImportedEdit, 'id'> & { bulkDiscount: boolean; addedBy: string };

/** What the import does with one row once it is judged. */
type Plan =
  | { kind: 'error'; result: ImportRowResult }
  | { kind: 'unchanged'; result: ImportRowResult }
  | { kind: 'add'; result: ImportRowResult; row: NewPart }
  | { kind: 'update'; result: ImportRowResult; was: PartRow; edit: ImportedEdit };

/** Every attribute key the tree defines, in tree order, each once: the export's `attr.` columns. */
function attributeKeys(tree: CategoryTree): string[] {
  const keys = new Set<string>();
  for (const { node } of tree.ordered()) for (const definition of node.attributes) keys.add(definition.key);
  return [...keys];
}

const slugOf = (tree: CategoryTree, categoryId: string | null) =>
  (categoryId && tree.get(categoryId)?.slug) || null;

/** A part's record as the trail keeps it (as features/parts/service.ts records it). */
const recordOf = (
  tree: CategoryTree,
  row: Parameters<typeof partAuditFields>[0] & Pick<PartRow, 'categoryId' | 'brand' | 'attributes'>,
) => ({
  ...partAuditFields(row),
  category: slugOf(tree, row.categoryId),
  brand: row.brand,
  // By key: the database keeps jsonb keys in its own order, the file in its columns' order.
  attributes: Object.fromEntries(Object.entries(row.attributes).sort(([a], [b]) => a.localeCompare(b))),
});

/** The first message of each field at fault, named by its column. */
function fieldsOf(issues: readonly z.core.$ZodIssue[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const column = columnOf(issue.path.join('.') || 'text');
    fields[column] ??= issue.message;
  }
  return fields;
}

const refused = (line: Pick<ImportLine, 'row'>, sku: string, fields: Record<string, string>): Plan => ({
  kind: 'error',
  result: {
    row: line.row,
    sku,
    status: 'error',
    message: Object.entries(fields)
      .map(([column, message]) => m.cellProblem(column, message))
      .join(' '),
    fields,
  },
});

/**
 * The catalog as CSV: the export, and the import keyed by SKU that takes it back.
 * Each row is checked as Add Product and Update check a part; the rows that pass are written in
 * one transaction, a batch per statement, with one audit entry per changed part (decision 051).
 */
export function createCatalogCsvService(
  repo: ImportRepo,
  options: {
    categories: Pick<CategoriesService, 'tree' | 'lockedTree'>;
    audit: AuditTrail;
    imageHostOrigins: string[];
    /** The currency's smallest amount in hundredths (100 for a yen): prices are whole ones. */
    minorUnitCents?: number;
    /** Told after an import that changed parts (the sitemap's cache). */
    onChange?: () => void;
  },
) {
  const checkImage = imageCheck(options.imageHostOrigins);
  const checkPrice = priceUnitCheck(options.minorUnitCents ?? 1);

  /** One row's verdict against the parts the file names (`known`, by lower-case SKU). */
  function judge(
    tree: CategoryTree,
    admin: Caller,
    line: ImportLine,
    known: ReadonlyMap<string, PartRow>,
    firstRowOf: Map<string, number>,
    dryRun: boolean,
  ): Plan {
    const { input, problems } = toRowInput(line, (slug) => {
      const node = tree.find(slug);
      return node && tree.definitions(node);
    });
    const sku = input.sku;
    if (line.mismatch)
      return { kind: 'error', result: { row: line.row, sku, status: 'error', message: line.mismatch } };
    const key = sku.toLowerCase();
    const first = firstRowOf.get(key);
    if (sku && first !== undefined) return refused(line, sku, { sku: m.skuRepeated(first) });
    if (sku) firstRowOf.set(key, line.row);
    const was = known.get(key);
    if (was?.deletedAt) return refused(line, sku, { sku: m.skuOfDeletedPart });
    if (Object.keys(problems).length > 0) return refused(line, sku, problems);

    const parsed = was
      ? productUpdateSchema.safeParse({
          ...input,
          orderMultiple: input.orderMultiple ?? was.orderMultiple,
          bulkDiscount: was.bulkDiscount,
          // An empty stock cell keeps the stock; a number sets it, from the stock read under lock.
          ...(input.availableQuantity !== undefined && { availableQuantityBefore: was.availableQuantity }),
        })
      : productInputSchema.safeParse(input);
    if (!parsed.success) return refused(line, sku, fieldsOf(parsed.error.issues));
    const part = parsed.data;
    let placement: ReturnType<typeof place>;
    try {
      // A known part's own image stays valid even if the image host has changed since.
      if (part.img !== was?.img) checkImage(part.img);
      checkPrice(toCents(part.price));
      placement = place(tree, part.category ?? null, part.attributes ?? {});
    } catch (error) {
      if (!(error instanceof Invalid)) throw error;
      const fields = Object.fromEntries(
        Object.entries(error.fields ?? {}).map(([field, message]) => [columnOf(field), message]),
      );
      return refused(line, sku, fields);
    }
    const record = {
      sku: part.sku ?? sku,
      name: part.name,
      priceCents: toCents(part.price),
      minOrderQuantity: part.minOrderQuantity,
      orderMultiple: part.orderMultiple ?? was?.orderMultiple ?? 1,
      availableQuantity: part.availableQuantity ?? was?.availableQuantity ?? 0,
      brand: part.brand || null,
      description: part.description,
      img: part.img,
      ...placement,
    };
    if (!was) {
      return {
        kind: 'add',
        row: { ...record, bulkDiscount: false, addedBy: admin.email },
        result: { row: line.row, sku, status: 'added', message: dryRun ? m.wouldAdd : m.added },
      };
    }
    const edit: ImportedEdit = { id: was.id, ...record };
    const edited = changedFields(
      recordOf(tree, { ...was, availableQuantity: undefined }),
      recordOf(tree, { ...edit, availableQuantity: undefined }),
    );
    const stockMoved = edit.availableQuantity !== was.availableQuantity;
    if (!edited && !stockMoved)
      return { kind: 'unchanged', result: { row: line.row, sku, status: 'unchanged', message: m.unchanged } };
    const changes = [
      ...Object.keys(edited?.after ?? {}),
      ...(stockMoved ? [m.stockChange(was.availableQuantity, edit.availableQuantity)] : []),
    ].join(', ');
    return {
      kind: 'update',
      was,
      edit,
      result: {
        row: line.row,
        sku,
        status: 'updated',
        message: dryRun ? m.wouldChange(changes) : m.changed(changes),
      },
    };
  }

  /** The trail's entries: an add, an edit (the fields that changed), a stock edit, per part. */
  function entries(tree: CategoryTree, admin: Caller, plans: Plan[], ids: Map<string, string>) {
    const out: AuditRecord[] = [];
    for (const plan of plans) {
      if (plan.kind === 'add') {
        out.push({
          actor: admin.email,
          action: 'part.add',
          target: { type: 'part', id: ids.get(plan.row.sku) ?? '', label: plan.row.name },
          after: recordOf(tree, plan.row),
        });
      }
      if (plan.kind !== 'update') continue;
      const { was, edit } = plan;
      const target = { type: 'part' as const, id: was.id, label: was.name };
      const edited = changedFields(
        recordOf(tree, { ...was, availableQuantity: undefined }),
        recordOf(tree, { ...edit, availableQuantity: undefined }),
      );
      if (edited) out.push({ actor: admin.email, action: 'part.edit', target, ...edited });
      if (edit.availableQuantity !== was.availableQuantity)
        out.push({
          actor: admin.email,
          action: 'part.stock',
          target,
          before: { availableQuantity: was.availableQuantity },
          after: { availableQuantity: edit.availableQuantity },
        });
    }
    return out;
  }

  return {
    /** Every listed part, a batch at a time, with one `attr.<key>` column per attribute of the tree. */
    async *exportCsv(batchSize = PRODUCTS_CSV_BATCH): AsyncGenerator<string> {
      const tree = await options.categories.tree();
      const keys = attributeKeys(tree);
      yield CSV_BOM + csvRow([...PRODUCT_CSV_COLUMNS, ...keys.map((key) => ATTRIBUTE_COLUMN_PREFIX + key)]);
      const cell = (value: string | number | boolean | undefined): CsvValue =>
        typeof value === 'boolean' ? String(value) : value;
      for await (const rows of repo.listedBatches(batchSize)) {
        yield rows
          .map((row) =>
            csvRow([
              row.sku,
              row.name,
              fromCents(row.priceCents),
              row.minOrderQuantity,
              row.orderMultiple,
              row.availableQuantity,
              slugOf(tree, row.categoryId),
              row.brand,
              row.description,
              row.img,
              ...keys.map((key) => cell(row.attributes[key])),
            ]),
          )
          .join('');
      }
    },

    /**
     * Judges every row against the parts as they are (locked until the end), then adds and
     * updates the good ones in one transaction: bad rows are refused alone. A dry run judges,
     * locks nothing and writes nothing.
     */
    async import(admin: Caller, { text, dryRun }: ProductImport): Promise<ProductImportResult> {
      const tree = await options.categories.tree();
      const lines = readImportFile(text, new Set(attributeKeys(tree)));
      // Only SKUs a part may hold are looked up: the others can match none, and a cell's text
      // reaches the database only once its row has passed every check.
      const skus = [
        ...new Set(lines.map((line) => line.cells.get('sku') ?? '').filter((sku) => SKU_PATTERN.test(sku))),
      ];
      const plans = await repo.inTransaction(async (tx) => {
        // A real import judges its rows against the tree as it stays until its commit: the tree's
        // shared lock first, then the parts (db/locks.ts). A dry run locks nothing.
        const judgedOn = dryRun ? tree : await options.categories.lockedTree(tx);
        const known = new Map(
          (await repo.bySkus(tx, skus, !dryRun)).map((part) => [part.sku.toLowerCase(), part]),
        );
        const firstRowOf = new Map<string, number>();
        const judged = lines.map((line) => judge(judgedOn, admin, line, known, firstRowOf, dryRun));
        if (dryRun) return judged;
        const adds = judged.flatMap((plan) => (plan.kind === 'add' ? [plan.row] : []));
        const added = await repo.insertMany(tx, adds);
        if (!added) throw new Conflict(m.skuTakenMeanwhile);
        await repo.updateMany(
          tx,
          judged.flatMap((plan) => (plan.kind === 'update' ? [plan.edit] : [])),
        );
        const ids = new Map(added.map(({ id, sku }) => [sku, id]));
        await options.audit.recordMany(tx, entries(judgedOn, admin, judged, ids));
        return judged;
      });
      if (!dryRun && plans.some((plan) => plan.kind === 'add' || plan.kind === 'update'))
        options.onChange?.();
      return { dryRun, rows: plans.map((plan) => plan.result) };
    },
  };
}

export type CatalogCsvService = ReturnType<typeof createCatalogCsvService>;
