import { type AttributeValues, MAX_PRICE, type Part, type ProductImportResult } from '@store/shared';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountWithToken } from '../support/accounts.js';
import { createTestApp } from '../support/helpers.js';
import { GUARD_CASES, storedText } from '../support/spreadsheet-text.js';

/**
 * The catalog's export and import are exact inverses through the API: parts added with texts the
 * formula guard and quoting act on come back from an export, imported unmodified, unchanged (a
 * dry run finds nothing to change, a real import changes nothing).
 */
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let admin: Awaited<ReturnType<typeof accountWithToken>>;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await accountWithToken(ctx, 'admin');
  await ctx
    .http()
    .post('/api/categories')
    .set(admin.auth)
    .send({
      slug: 'trip-cpus',
      name: 'Processors',
      attributes: [
        { key: 'socket', label: 'Socket', type: 'enum' },
        { key: 'cores', label: 'Cores', type: 'number' },
        { key: 'unlocked', label: 'Unlocked', type: 'boolean' },
      ],
    })
    .expect(201);
});
afterAll(() => ctx.close());

interface Stored {
  name: string;
  description: string;
  brand: string | null;
  price: number;
  attributes: AttributeValues;
}

let serial = 0;
const addPart = async (part: Stored) => {
  serial += 1;
  const sku = `TRIP-${serial}`;
  const res = await ctx
    .http()
    .post('/api/addproduct')
    .set(admin.auth)
    .send({
      ...part,
      sku,
      img: '/media/parts/test.svg',
      minOrderQuantity: 1,
      availableQuantity: 5,
      category: 'trip-cpus',
    })
    .expect(201);
  return res.body.insertedId as string;
};

const exportText = async () =>
  (
    await ctx
      .http()
      .get('/api/products.csv')
      .set(admin.auth)
      .buffer(true)
      .parse((response, done) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => done(null, Buffer.concat(chunks).toString('utf8')));
      })
      .expect(200)
  ).body as string;

const importText = async (text: string, dryRun: boolean) =>
  (await ctx.http().post('/api/products/import').set(admin.auth).send({ text, dryRun }).expect(200))
    .body as ProductImportResult;

const partById = async (id: string): Promise<Part> =>
  (await ctx.http().get(`/api/part/${id}`).expect(200)).body;

/** Adds the parts, exports the catalog and imports the file as it is: nothing to change. */
async function expectRoundTrip(parts: readonly Stored[], real = false) {
  const ids: string[] = [];
  for (const part of parts) ids.push(await addPart(part));
  const text = await exportText();
  const dry = await importText(text, true);
  expect(dry.rows.filter((row) => row.status !== 'unchanged')).toEqual([]);
  if (real) {
    const done = await importText(text, false);
    expect(done.rows.filter((row) => row.status !== 'unchanged')).toEqual([]);
    expect(await exportText()).toBe(text);
  }
  for (const [index, id] of ids.entries()) {
    const part = parts[index] as Stored;
    const stored = await partById(id);
    expect(stored).toMatchObject(part);
    expect(stored.attributes).toEqual(part.attributes);
  }
}

describe('export, then import of the unmodified file', () => {
  it('changes no part whose texts begin with a formula start, a quote or an apostrophe', async () => {
    const { singleLine, multiline } = GUARD_CASES;
    await expectRoundTrip(
      singleLine.map((name, index) => ({
        name,
        description: multiline[index % multiline.length] as string,
        brand: singleLine[(index + 3) % singleLine.length] as string,
        price: 19.99,
        attributes: { socket: name.replaceAll(',', ';'), cores: -40, unlocked: index % 2 === 0 },
      })),
      true,
    );
  });

  it('changes no part the store can hold (fast-check)', async () => {
    const part: fc.Arbitrary<Stored> = fc.record({
      name: storedText({ maxLength: 120 }),
      description: storedText({ multiline: true, maxLength: 2000 }),
      brand: fc.option(storedText({ maxLength: 60 }), { nil: null }),
      price: fc.integer({ min: 1, max: MAX_PRICE * 100 }).map((cents) => cents / 100),
      attributes: fc
        .record(
          {
            socket: storedText({ maxLength: 60, extra: /,/g }),
            cores: fc.double({ noNaN: true, noDefaultInfinity: true }).map((value) => value + 0),
            unlocked: fc.boolean(),
          },
          { requiredKeys: [] },
        )
        .map((values) => values as AttributeValues),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(part, { minLength: 1, maxLength: 4 }), (parts) => expectRoundTrip(parts)),
      { numRuns: 20 },
    );
  }, 120_000);
});
