import pg from 'pg';
import { createTokenService } from '../../src/auth/tokens.js';
import { openPostgres } from '../../src/db/client.js';
import { seedDemoCatalog } from '../../src/db/seed.js';
import { atCleanup } from './cleanup.js';

export interface BenchDatabase {
  name: string;
  url: string;
  /**
   * The parts the order route buys, one per order connection, as customers buy different parts:
   * stock for any run, the oldest in the catalog (off its first pages).
   */
  orderPartIds: string[];
  /** The customers' bearer tokens for the store's own tokens (signed with `jwtSecret`). */
  customerTokens: string[];
  /** A verified admin's bearer token: the owner's overview. */
  adminToken: string;
  /** Reviews in all (the demo's and the generated ones). */
  reviews: number;
  /** Orders generated for the overview: as many as parts. */
  orders: number;
  seedSeconds: number;
  drop: () => Promise<void>;
}

/** Reviews generated per catalog part: 10 at 100 parts, 10,000 at 100,000. */
const REVIEWS_PER_PART = 0.1;
/** The most generated parts in one category (20,000 of the 100,000 at the large size). */
export const BENCH_CATEGORY_PARTS = 20_000;
/** More than any run can sell. */
const ORDER_PART_STOCK = 1_000_000_000;

async function onServer<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: `${serverUrl}/postgres` });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * A fresh database holding exactly `size` listed parts: the store's migrations and demo catalog,
 * then generated parts (older than the demo ones, so the home page still shows the demo's
 * newest) in one INSERT … generate_series, generated reviews, the order part and `customers`
 * signed-in customers; then VACUUM ANALYZE, so the planner knows the sizes from the start.
 * Dropped by `drop()` or by the bench's cleanup, whatever happens.
 */
export async function createBenchDatabase(options: {
  serverUrl: string;
  size: number;
  customers: number;
  /** Parts the orders are spread over. */
  orderParts: number;
  jwtSecret: string;
}): Promise<BenchDatabase> {
  const started = performance.now();
  const name = `bench_${options.size}_${process.pid}`;
  await onServer(options.serverUrl, async (client) => {
    await client.query(`drop database if exists ${name} with (force)`);
    await client.query(`create database ${name}`);
  });
  const drop = atCleanup(`drop database ${name}`, () =>
    onServer(options.serverUrl, async (client) => {
      await client.query(`drop database if exists ${name} with (force)`);
    }),
  );
  const url = `${options.serverUrl}/${name}`;

  const database = openPostgres({ url });
  try {
    await database.migrate();
    await seedDemoCatalog(database.db);
    const sql = (text: string, values?: unknown[]) =>
      database.executeSql(text, values).then((r) => r.rows as Record<string, unknown>[]);
    const [demo] = await sql('select count(*)::int as n from parts where deleted_at is null');
    const generated = options.size - Number(demo?.n) - options.orderParts;
    if (generated < 0) throw new Error(`BENCH sizes must be above the demo catalog's ${demo?.n} parts`);
    // Every generated part in a category with a brand and its specifications, a fifth
    // of them (up to BENCH_CATEGORY_PARTS) processors, the rest spread over four other categories.
    const categoryRows = await sql('select id, slug from categories');
    const categoryId = (slug: string) => {
      const row = categoryRows.find((r) => r.slug === slug);
      if (!row) throw new Error(`the demo catalog has no category ${slug}`);
      return String(row.id);
    };
    const others = ['motherboards', 'memory', 'solid-state-drives', 'power-supplies'].map(categoryId);
    await sql(
      `insert into parts (name, img, price_cents, min_order_quantity, available_quantity, description, created_at,
         category_id, brand, attributes)
       select 'Bench part ' || g, '/media/parts/kelvix-frostpeak-120-air-cooler.svg', 100 + (g * 7919) % 500000, 1, 100 + g % 900,
         'A part generated for the bench, number ' || g || '.', now() - interval '1 day' - g * interval '1 second',
         case when g <= $2 then $3::uuid else ($4::uuid[])[1 + g % 4] end,
         (array['VoltCore','Arcwell','NEXA','Kelvix','Corvex','Ferrite','Lumio','Strata'])[1 + (g * 31) % 8],
         case
           when g <= $2 then jsonb_build_object(
             'socket', (array['AM5','AM4','LGA1700','LGA1851'])[1 + g % 4],
             'cores', (array[4,6,8,10,12,14,16,20,24])[1 + (g * 7) % 9],
             'threads', (array[8,12,16,20,24,28,32])[1 + (g * 3) % 7],
             'boostClock', 4 + ((g * 13) % 21) / 10.0,
             'tdp', (array[65,105,125,170])[1 + (g * 5) % 4],
             'integratedGraphics', g % 3 <> 0)
           when g % 4 = 0 then jsonb_build_object(
             'socket', (array['AM5','AM4','LGA1700','LGA1851'])[1 + (g / 4) % 4],
             'memoryType', (array['DDR4','DDR5'])[1 + g % 2],
             'formFactor', (array['ATX','Micro-ATX','Mini-ITX'])[1 + g % 3],
             'chipset', (array['B650','X670','B550','Z790','B760','Z890'])[1 + g % 6],
             'wifi', g % 5 <> 0)
           when g % 4 = 1 then jsonb_build_object(
             'memoryType', (array['DDR4','DDR5'])[1 + g % 2],
             'capacity', (array[8,16,32,64,96])[1 + g % 5],
             'speed', (array[3200,3600,5600,6000,6400])[1 + g % 5],
             'modules', (array[1,2,4])[1 + g % 3])
           when g % 4 = 2 then jsonb_build_object(
             'capacity', (array[500,1000,2000,4000])[1 + g % 4],
             'interface', (array['SATA','NVMe PCIe 3.0','NVMe PCIe 4.0','NVMe PCIe 5.0'])[1 + (g / 4) % 4],
             'driveFormFactor', (array['M.2 2280','2.5"'])[1 + g % 2],
             'readSpeed', 500 + (g * 37) % 13500)
           else jsonb_build_object(
             'wattage', (array[450,550,650,750,850,1000,1200])[1 + g % 7],
             'efficiency', (array['80 Plus Bronze','80 Plus Gold','80 Plus Platinum'])[1 + g % 3],
             'modular', (array['No','Semi','Full'])[1 + (g / 4) % 3])
         end
       from generate_series(1, $1::int) g`,
      [
        generated,
        Math.min(BENCH_CATEGORY_PARTS, Math.floor(generated / 5)),
        categoryId('processors'),
        others,
      ],
    );
    await sql(
      `insert into reviews (name, email, message, ratings, created_at)
       select 'Reviewer ' || g, 'reviewer' || g || '@bench.example', 'Generated review number ' || g || '.',
         (g % 6)::numeric, now() - interval '1 day' - g * interval '1 second'
       from generate_series(1, $1::int) g`,
      [Math.round(options.size * REVIEWS_PER_PART)],
    );
    const orderParts = await sql(
      `insert into parts (name, img, price_cents, min_order_quantity, available_quantity, description, created_at)
       select 'Bench order part ' || g, '/media/parts/kelvix-frostpeak-120-air-cooler.svg', 1999, 1, $1,
         'A part the bench orders.', now() - interval '10 years' - g * interval '1 second'
       from generate_series(1, $2::int) g returning id`,
      [ORDER_PART_STOCK, options.orderParts],
    );
    const tokens = createTokenService(options.jwtSecret);
    const users = await sql(
      `insert into users (email, name, role)
       select 'customer' || g || '@bench.example', 'Bench customer ' || g, 'customer'
       from generate_series(1, $1::int) g
       returning email, name, token_version, created_at`,
      [options.customers],
    );
    const customerTokens = users.map((row) =>
      tokens.issue({
        email: String(row.email),
        name: String(row.name),
        tokenVersion: Number(row.token_version),
        createdAt: row.created_at as Date,
      }),
    );
    // As many orders as parts, over the last year, in every status, each of two lines, by buyers
    // who are not the bench's customers (their open-order caps stay untouched): what the owner's
    // overview reads its figures from. They buy among at most 1,000 of the generated parts, as a
    // store sells a part of its catalog: the top parts read a row per part and day sold.
    await sql(
      `insert into orders (total_cents, user_name, email, phone, address, status, line_count, created_at)
       select 1000 * (1 + g % 5) + 500, 'Bench buyer',
         'buyer' || (g % 1000) || '@bench.example', '+44 114 496 0000', '1 Bench Road, Sheffield S1 2AB',
         -- Unpaid only within UNPAID_ORDER_TTL (72 h): older ones the store has cancelled. Left
         -- unpaid, the store's expiry sweep cancelled 25,000 of them (and e-mailed each buyer)
         -- while the overview was measured.
         case when g % 4 = 0 and g % 365 >= 2 then 'cancelled'
           else (array['unpaid', 'paid', 'shipped', 'cancelled'])[1 + g % 4] end, 2,
         now() - (g % 365) * interval '1 day' - (g % 1440) * interval '1 minute'
       from generate_series(1, $1::int) g`,
      [options.size],
    );
    await sql(
      `with p as (select array_agg(id order by id) as ids, least(count(*), 1000)::int as n from parts where name like 'Bench part %')
       insert into order_lines (order_id, position, part_id, sku, product_name, unit_price_cents, quantity, total_cents)
       select o.id, 1, p.ids[1 + o.number % p.n], 'BENCH', 'Bench part', 1000, (o.total_cents - 500) / 1000,
         o.total_cents - 500 from orders o, p
       union all
       select o.id, 2, p.ids[1 + (o.number * 7) % p.n], 'BENCH', 'Bench part', 500, 1, 500 from orders o, p`,
    );
    const [admin] = await sql(
      `insert into users (email, name, role, email_verified) values ('owner@bench.example', 'Bench owner', 'admin', true)
       returning email, name, token_version, created_at`,
    );
    const adminToken = tokens.issue({
      email: String(admin?.email),
      name: String(admin?.name),
      tokenVersion: Number(admin?.token_version),
      createdAt: admin?.created_at as Date,
    });
    const [reviews] = await sql('select count(*)::int as n from reviews');
    // The orders' changes, staged by the triggers, folded into the rollups now, as a running
    // store folds them every second: folded by the store's first read instead, they left the
    // staging table 200,000 dead rows that every read of the measurement scanned (0.23 ms each).
    await sql('select overview_fold()');
    await sql('vacuum analyze');
    return {
      name,
      url,
      orderPartIds: orderParts.map((row) => String(row.id)),
      customerTokens,
      adminToken,
      reviews: Number(reviews?.n),
      orders: options.size,
      seedSeconds: (performance.now() - started) / 1000,
      drop,
    };
  } finally {
    await database.close();
  }
}
