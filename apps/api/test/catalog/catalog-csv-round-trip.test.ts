import { type AttributeDefinition, type AttributeValues, MAX_PRICE, toCents } from '@store/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Caller } from '../../src/auth/caller.js';
import type { AuditTrail } from '../../src/features/audit/index.js';
import { CategoryTree } from '../../src/features/categories/index.js';
import { createCatalogCsvService } from '../../src/features/parts/catalog-csv.js';
import type { ImportRepo } from '../../src/features/parts/import-repo.js';
import { readImportFile, toRowInput } from '../../src/features/parts/import-rows.js';
import type { PartRow } from '../../src/features/parts/repo.js';
import { GUARD_CASES, storedText } from '../support/spreadsheet-text.js';

/**
 * The catalog's export and import are exact inverses (units, no database): any part the store
 * can hold, exported and read back, gives its own values, and a dry run of the unmodified file
 * finds nothing to change. Texts lean on what the formula guard and quoting act on.
 */

const DEFINITIONS: AttributeDefinition[] = [
  { key: 'socket', label: 'Socket', type: 'enum' },
  { key: 'cores', label: 'Cores', type: 'number' },
  { key: 'unlocked', label: 'Unlocked', type: 'boolean' },
];
const KEYS = new Set(DEFINITIONS.map((definition) => definition.key));
const CATEGORY_ID = '00000000-0000-4000-8000-000000000001';
const tree = new CategoryTree([
  { id: CATEGORY_ID, slug: 'cpus', name: 'Processors', parentId: null, position: 0, attributes: DEFINITIONS },
]);
const admin = { email: 'admin@example.com' } as Caller;

interface Stored {
  name: string;
  description: string;
  brand: string | null;
  priceCents: number;
  attributes: AttributeValues;
}

const partRow = (index: number, stored: Stored): PartRow => ({
  id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
  sku: `RT-${index}`,
  img: '/media/parts/test.svg',
  minOrderQuantity: 2,
  orderMultiple: 2,
  availableQuantity: 7,
  bulkDiscount: false,
  categoryId: CATEGORY_ID,
  addedBy: admin.email,
  createdAt: new Date(0),
  deletedAt: null,
  ...stored,
});

const refuse = () => {
  throw new Error('a dry run writes nothing');
};

/** The service over these parts alone: a dry run reads them and writes nothing. */
function serviceOver(rows: readonly PartRow[]) {
  const repo = {
    async *listedBatches() {
      yield [...rows];
    },
    async bySkus(_tx: unknown, skus: readonly string[]) {
      const wanted = new Set(skus.map((sku) => sku.toLowerCase()));
      return rows.filter((row) => wanted.has(row.sku.toLowerCase()));
    },
    inTransaction: <T>(work: (tx: never) => Promise<T>) => work(undefined as never),
    insertMany: refuse,
    updateMany: refuse,
  } as unknown as ImportRepo;
  const audit: AuditTrail = { record: refuse, recordMany: refuse, recordDone: refuse };
  return createCatalogCsvService(repo, {
    categories: { tree: async () => tree, lockedTree: async () => tree },
    audit,
    imageHostOrigins: [],
  });
}

async function exported(rows: readonly PartRow[]): Promise<string> {
  let text = '';
  for await (const chunk of serviceOver(rows).exportCsv()) text += chunk;
  return text;
}

/** Exports the parts, reads the file back as the import does, and dry-runs it. */
async function expectRoundTrip(stored: readonly Stored[]) {
  const rows = stored.map((part, index) => partRow(index, part));
  const text = await exported(rows);
  const lines = readImportFile(text, KEYS);
  expect(lines).toHaveLength(rows.length);
  lines.forEach((line, index) => {
    const { input, problems } = toRowInput(line, (slug) => (slug === 'cpus' ? DEFINITIONS : undefined));
    const part = stored[index] as Stored;
    expect(problems).toEqual({});
    expect(input).toMatchObject({
      name: part.name,
      description: part.description,
      brand: part.brand,
      attributes: part.attributes,
    });
    expect(toCents(input.price ?? 0)).toBe(part.priceCents);
  });
  const result = await serviceOver(rows).import(admin, { text, dryRun: true });
  expect(result.rows.map((row) => [row.status, row.message])).toEqual(
    rows.map(() => ['unchanged', 'Nothing to change.']),
  );
}

const singleLine = (maxLength: number) => storedText({ maxLength });
const part: fc.Arbitrary<Stored> = fc.record({
  name: singleLine(120),
  description: storedText({ multiline: true, maxLength: 2000 }),
  brand: fc.option(singleLine(60), { nil: null }),
  priceCents: fc.integer({ min: 1, max: MAX_PRICE * 100 }),
  attributes: fc
    .record(
      {
        socket: storedText({ maxLength: 60, extra: /,/g }),
        // -0 is no value a store keeps: JSON and PostgreSQL both write it 0.
        cores: fc.double({ noNaN: true, noDefaultInfinity: true }).map((value) => value + 0),
        unlocked: fc.boolean(),
      },
      { requiredKeys: [] },
    )
    .map((values) => values as AttributeValues),
});

describe('export, then import of the unmodified file', () => {
  it('gives back every formula-guard case, quote, comma and line break as it was', async () => {
    const { singleLine: texts, multiline } = GUARD_CASES;
    await expectRoundTrip(
      texts.map((name, index) => ({
        name,
        description: multiline[index % multiline.length] as string,
        brand: texts[(index + 1) % texts.length] as string,
        priceCents: 1999,
        attributes: { socket: name.replaceAll(',', ';'), cores: -4.5, unlocked: true },
      })),
    );
  });

  it('gives back any part the store can hold, and a dry run finds nothing to change (fast-check)', async () => {
    await fc.assert(fc.asyncProperty(fc.array(part, { minLength: 1, maxLength: 8 }), expectRoundTrip), {
      numRuns: 300,
    });
  });

  it('spells out numbers a plain decimal reading takes back: tiny, huge and negative', async () => {
    await expectRoundTrip(
      [5e-324, 1e-7, 1.7976931348623157e308, 1e21, -40, 0.1 + 0.2].map((cores) => ({
        name: 'Numbers',
        description: 'Numbers.',
        brand: null,
        priceCents: 1,
        attributes: { cores },
      })),
    );
  });
});
