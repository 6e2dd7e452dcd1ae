import { getTableColumns, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** PostgreSQL's full-text document; Drizzle has no column type of its own for it. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** What a category's attribute is (packages/shared, `attributeDefinitionSchema`). */
export interface AttributeDefinitionRow {
  key: string;
  label: string;
  type: 'enum' | 'number' | 'boolean';
  unit?: string;
  compatibility?: boolean;
}

/** A part's attribute values, checked against its category's definitions on every write. */
export type AttributeValues = Record<string, string | number | boolean>;

/**
 * The category tree: each category defines the typed attributes of
 * its parts; a child also has its ancestors'.
 */
export const categories = pgTable(
  'categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    parentId: uuid('parent_id'),
    /** Among its siblings, smallest first. */
    position: integer('position').notNull().default(0),
    attributes: jsonb('attributes').$type<AttributeDefinitionRow[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [
    check('categories_slug_format', sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and length(${t.slug}) <= 60`),
    check('categories_not_own_parent', sql`${t.parentId} <> ${t.id}`),
    check('categories_attributes_array', sql`jsonb_typeof(${t.attributes}) = 'array'`),
    foreignKey({ name: 'categories_parent_id_fkey', columns: [t.parentId], foreignColumns: [t.id] }),
    uniqueIndex('categories_slug_idx').on(t.slug),
    index('categories_parent_idx').on(t.parentId),
  ],
);

/** Money is integer cents; the API converts to and from decimal currency units at its edge. */
export const parts = pgTable(
  'parts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    img: text('img').notNull(),
    priceCents: integer('price_cents').notNull(),
    minOrderQuantity: integer('min_order_quantity').notNull(),
    availableQuantity: integer('available_quantity').notNull(),
    description: text('description').notNull(),
    bulkDiscount: boolean('bulk_discount').notNull().default(false),
    /**
     * The part number customers quote, unique case-insensitively. A part inserted without one
     * gets `PD-` and at least six digits from part_sku_seq (part_default_sku(), features/parts/sku.sql).
     */
    sku: text('sku').notNull().default(sql`part_default_sku()`),
    /** The pack size: every quantity ordered is a whole number of packs, the minimum included. */
    orderMultiple: integer('order_multiple').notNull().default(1),
    /** None for a part not yet sorted into the tree. */
    categoryId: uuid('category_id'),
    brand: text('brand'),
    attributes: jsonb('attributes').$type<AttributeValues>().notNull().default({}),
    addedBy: text('added_by'),
    createdAt: createdAt(),
    /** Deleted parts leave the storefront but stay for the orders that name them. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /**
     * The part's words for a search (decision 052), weighted: name and SKU, brand, text attribute
     * values, description. Read only in SQL: whole-part reads select `partColumns`, without it.
     */
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`setweight(to_tsvector('simple', translate("name", '-/', '  ')), 'A') ||
  setweight(to_tsvector('simple', translate("sku", '-/', '  ')), 'A') ||
  setweight(to_tsvector('simple', translate(coalesce("brand", ''), '-/', '  ')), 'B') ||
  setweight(to_tsvector('simple', translate(attribute_values_text("attributes"), '-/', '  ')), 'C') ||
  setweight(to_tsvector('simple', translate("description", '-/', '  ')), 'D')`,
    ),
  },
  (t) => [
    check('parts_price_positive', sql`${t.priceCents} > 0`),
    check('parts_available_nonnegative', sql`${t.availableQuantity} >= 0`),
    check('parts_min_order_positive', sql`${t.minOrderQuantity} >= 1`),
    check('parts_sku_format', sql`${t.sku} ~ '^[A-Za-z0-9._-]{1,40}$'`),
    check('parts_order_multiple_positive', sql`${t.orderMultiple} >= 1`),
    check('parts_min_order_whole_packs', sql`${t.minOrderQuantity} % ${t.orderMultiple} = 0`),
    check('parts_attributes_object', sql`jsonb_typeof(${t.attributes}) = 'object'`),
    foreignKey({ name: 'parts_category_id_fkey', columns: [t.categoryId], foreignColumns: [categories.id] }),
    uniqueIndex('parts_sku_idx').on(sql`lower(${t.sku})`),
    // NULLS FIRST is PostgreSQL's default for DESC, so `order by created_at desc, id desc` uses it.
    index('parts_listed_newest_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.deletedAt} is null`),
    index('parts_listed_price_idx').on(t.priceCents, t.id).where(sql`${t.deletedAt} is null`),
    // Trigram index: `name ILIKE '%term%'` searches without scanning the table.
    index('parts_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`).where(sql`${t.deletedAt} is null`),
    // 'In stock only' (inStock=true): the same two orders over the parts a customer can buy, so
    // a catalog that is mostly sold out is not scanned to find the few in stock.
    index('parts_in_stock_newest_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.deletedAt} is null and ${t.availableQuantity} >= ${t.minOrderQuantity}`),
    index('parts_in_stock_price_idx')
      .on(t.priceCents, t.id)
      .where(sql`${t.deletedAt} is null and ${t.availableQuantity} >= ${t.minOrderQuantity}`),
    // A category's pages and facet counts (decision 049).
    index('parts_category_newest_idx')
      .on(t.categoryId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.deletedAt} is null`),
    index('parts_category_price_idx').on(t.categoryId, t.priceCents, t.id).where(sql`${t.deletedAt} is null`),
    index('parts_brand_idx').on(t.brand).where(sql`${t.deletedAt} is null`),
    index('parts_attributes_idx')
      .using('gin', sql`${t.attributes} jsonb_path_ops`)
      .where(sql`${t.deletedAt} is null`),
    // The overview's low stock: below LOW_STOCK_THRESHOLD, whatever its value, is
    // a range of the first; below the minimum order, the second.
    index('parts_listed_stock_idx').on(t.availableQuantity, t.id).where(sql`${t.deletedAt} is null`),
    index('parts_below_minimum_idx')
      .on(t.availableQuantity, t.id)
      .where(sql`${t.deletedAt} is null and ${t.availableQuantity} < ${t.minOrderQuantity}`),
    index('parts_search_idx').using('gin', t.searchVector).where(sql`${t.deletedAt} is null`),
  ],
);

/** A whole part as the store reads it: every column but its search words. */
export const partColumns = (() => {
  const { searchVector: _searchWords, ...columns } = getTableColumns(parts);
  return columns;
})();

/**
 * Every word of the parts' names, brands, SKUs and text attribute values and of the categories'
 * names, kept by triggers (features/parts/search.sql): where a typo finds the word it meant
 * (search_words_trgm_idx), and what says a word is the catalog's own.
 */
export const searchWords = pgTable('search_words', { word: text('word').primaryKey() }, (t) => [
  index('search_words_trgm_idx').using('gin', sql`${t.word} gin_trgm_ops`),
]);

/**
 * Row counts that lists report without counting their table (decision 012): one row, kept exact
 * by triggers (db/list-counters.sql). A write's statement stages its change in `counter_changes`; a
 * deferred trigger adds it here as the transaction commits, so this row is locked only for the
 * instant of a commit, after every other lock the transaction takes, and never in a cycle.
 */
export const counters = pgTable(
  'counters',
  {
    id: integer('id').primaryKey().default(1),
    partsListed: bigint('parts_listed', { mode: 'number' }).notNull(),
    partsInStock: bigint('parts_in_stock', { mode: 'number' }).notNull(),
    reviews: bigint('reviews', { mode: 'number' }).notNull(),
  },
  (t) => [check('counters_one_row', sql`${t.id} = 1`)],
);

/** Changes to `counters` staged by the statements of transactions not yet committed. */
export const counterChanges = pgTable('counter_changes', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  partsListed: bigint('parts_listed', { mode: 'number' }).notNull().default(0),
  partsInStock: bigint('parts_in_stock', { mode: 'number' }).notNull().default(0),
  reviews: bigint('reviews', { mode: 'number' }).notNull().default(0),
});

export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    message: text('message').notNull(),
    ratings: numeric('ratings', { precision: 3, scale: 2, mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('reviews_ratings_range', sql`${t.ratings} >= 0 and ${t.ratings} <= 5`),
    index('reviews_newest_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('reviews_email_idx').on(t.email),
  ],
);

/** Small key/value facts about this database, e.g. that the demo catalog was seeded once. */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Store accounts, keyed by lower-cased e-mail (what every API path names). */
export const users = pgTable(
  'users',
  {
    email: text('email').primaryKey(),
    name: text('name').notNull(),
    role: text('role', { enum: ['admin', 'customer'] })
      .notNull()
      .default('customer'),
    /** Bumped on removal or a role change: every API token issued before it stops working. */
    tokenVersion: integer('token_version').notNull().default(0),
    /** The most this customer's unpaid orders may total; null: MAX_UNPAID_TOTAL (decision 027). */
    creditLimitCents: bigint('credit_limit_cents', { mode: 'number' }),
    /**
     * The identity provider's verification of the e-mail at the last sign-in exchange. Admin
     * powers need it (docs/architecture.md, 'Admin powers'): an admin role without it waits.
     */
    emailVerified: boolean('email_verified').notNull().default(false),
    /** My Profile's defaults: checkout starts from phone and address; invoices name the company. */
    phone: text('phone'),
    address: text('address'),
    companyName: text('company_name'),
    vatNumber: text('vat_number'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('users_role_known', sql`${t.role} in ('admin', 'customer')`),
    check('users_email_lowercase', sql`${t.email} = lower(${t.email})`),
    check('users_credit_limit_nonnegative', sql`${t.creditLimitCents} >= 0`),
    index('users_admins_idx').on(t.email).where(sql`${t.role} = 'admin'`),
    // The overview's new customers: a range of the last 30 days.
    index('users_customers_newest_idx').on(t.createdAt).where(sql`${t.role} = 'customer'`),
  ],
);

/**
 * Order numbers people quote (PD-100001). A sequence is gap-tolerant by design: a rolled-back
 * order spends its number, and concurrent orders never wait for each other to get one.
 */
export const orderNumberSeq = pgSequence('order_number_seq', { startWith: 100001, minValue: 100001 });

export const partSkuSeq = pgSequence('part_sku_seq', { startWith: 1 });

/**
 * An order: who, where, its status and its totals. What was ordered is its lines (order_lines),
 * each with the part's name and unit price at the time, so deleting or repricing a part never
 * changes a past bill; the answer's single-part fields are computed from them. Totals are bigint
 * cents (quantity × price can pass 2^31).
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Shown as `PD-<number>`; the uuid stays the API id. */
    number: bigint('number', { mode: 'number' }).notNull().default(sql`nextval('order_number_seq')`),
    /** The sum of the lines' bulk discounts (each line keeps its own rate, order_lines). */
    discountCents: bigint('discount_cents', { mode: 'number' }).notNull().default(0),
    /** Gross: what the customer pays, tax included (decision 053). */
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    /** The sum of the lines' tax; 0 for orders placed before the store charged tax. */
    taxCents: bigint('tax_cents', { mode: 'number' }).notNull().default(0),
    netCents: bigint('net_cents', { mode: 'number' }).generatedAlwaysAs(sql`total_cents - tax_cents`),
    /** The rule the order was taxed under (TAX_RATE in hundredths of a percent, PRICES_INCLUDE_TAX). */
    taxRateBasisPoints: integer('tax_rate_basis_points').notNull().default(0),
    pricesIncludeTax: boolean('prices_include_tax').notNull().default(false),
    userName: text('user_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    address: text('address').notNull(),
    /** The buyer's company and VAT number from My Profile when ordering: the invoice keeps them. */
    companyName: text('company_name'),
    vatNumber: text('vat_number'),
    status: text('status', { enum: ['unpaid', 'paid', 'shipped', 'cancelled'] })
      .notNull()
      .default('unpaid'),
    /** Set when the order ships (both optional: a parcel handed over the counter has neither). */
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    /** How many lines the order has (order_lines), for lists that do not read the lines. */
    lineCount: integer('line_count').notNull().default(1),
    /** The buyer's own purchase-order number, printed on the order, invoice, e-mails and CSV. */
    poReference: text('po_reference'),
    /** The client's `Idempotency-Key`: a retry by the same customer returns this order. */
    idempotencyKey: text('idempotency_key'),
    /** SHA-256 of the request first sent under the key: a repeat with another body is refused. */
    idempotencyHash: text('idempotency_hash'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('orders_total_nonnegative', sql`${t.totalCents} >= 0`),
    check('orders_line_count_positive', sql`${t.lineCount} >= 1`),
    check('orders_status_known', sql`${t.status} in ('unpaid', 'paid', 'shipped', 'cancelled')`),
    check('orders_tax_within_total', sql`${t.taxCents} >= 0 and ${t.taxCents} <= ${t.totalCents}`),
    check('orders_tax_rate_known', sql`${t.taxRateBasisPoints} >= 0 and ${t.taxRateBasisPoints} <= 10000`),
    // text_pattern_ops: the desk's e-mail prefix search (`like 'abc%'`) reads a range of this
    // index whatever the database's collation; equality (a customer's own orders) still does.
    index('orders_email_newest_idx').on(
      t.email.op('text_pattern_ops'),
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('orders_newest_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('orders_status_newest_idx').on(t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    uniqueIndex('orders_number_idx').on(t.number),
    // The desk's search by PO reference, in any case, whole or its beginning.
    index('orders_po_reference_idx')
      .on(
        sql`lower(${t.poReference}) text_pattern_ops`,
        t.createdAt.desc().nullsFirst(),
        t.id.desc().nullsFirst(),
      )
      .where(sql`${t.poReference} is not null`),
    // A customer's unpaid total (their credit limit) read from the index alone. Drizzle has no
    // INCLUDE: the clause rides in the column list it writes between parentheses.
    index('orders_unpaid_email_idx')
      .on(sql`${t.email}) include (${t.totalCents}`)
      .where(sql`${t.status} = 'unpaid'`),
    // The expiry sweep finds old unpaid orders without scanning the rest.
    index('orders_unpaid_oldest_idx').on(t.createdAt).where(sql`${t.status} = 'unpaid'`),
    uniqueIndex('orders_idempotency_idx')
      .on(t.email, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
  ],
);

/**
 * An order's lines: each part with its SKU, name and unit price as they were when
 * ordered, so repricing or deleting a part never changes a past bill. `orders` keeps the totals;
 * what was ordered is here alone.
 */
export const orderLines = pgTable(
  'order_lines',
  {
    orderId: uuid('order_id').notNull(),
    /** 1, 2, …: the order in which the lines are shown. */
    position: integer('position').notNull(),
    partId: uuid('part_id').notNull(),
    sku: text('sku').notNull(),
    productName: text('product_name').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    quantity: integer('quantity').notNull(),
    discountPercent: integer('discount_percent').notNull().default(0),
    discountCents: bigint('discount_cents', { mode: 'number' }).notNull().default(0),
    /** Gross, tax included. */
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    taxCents: bigint('tax_cents', { mode: 'number' }).notNull().default(0),
    netCents: bigint('net_cents', { mode: 'number' }).generatedAlwaysAs(sql`total_cents - tax_cents`),
  },
  (t) => [
    primaryKey({ name: 'order_lines_pkey', columns: [t.orderId, t.position] }),
    check('order_lines_quantity_positive', sql`${t.quantity} > 0`),
    check('order_lines_position_positive', sql`${t.position} >= 1`),
    check('order_lines_total_nonnegative', sql`${t.totalCents} >= 0`),
    check('order_lines_tax_within_total', sql`${t.taxCents} >= 0 and ${t.taxCents} <= ${t.totalCents}`),
    foreignKey({ name: 'order_lines_order_id_fkey', columns: [t.orderId], foreignColumns: [orders.id] }),
    foreignKey({ name: 'order_lines_part_id_fkey', columns: [t.partId], foreignColumns: [parts.id] }),
    index('order_lines_part_idx').on(t.partId),
  ],
);

/**
 * The owner's overview (decision 046): totals kept by triggers on `orders` and `order_lines`
 * (features/overview/overview.sql), whoever writes them. The triggers only insert into `overview_changes`; the
 * overview folds those into the three rollups before it reads, and counts any still staged.
 * Days are the store's (`store_time_zone`, set from `TZ` at start).
 */
export const storeTimeZone = pgTable(
  'store_time_zone',
  {
    id: integer('id').primaryKey().default(1),
    name: text('name').notNull(),
  },
  (t) => [check('store_time_zone_one_row', sql`${t.id} = 1`)],
);

/** Orders by the day they were placed and their status. */
export const orderDays = pgTable(
  'order_days',
  {
    day: date('day').notNull(),
    status: text('status').notNull(),
    orders: bigint('orders', { mode: 'number' }).notNull(),
    cents: bigint('cents', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ name: 'order_days_pkey', columns: [t.day, t.status] })],
);

/** Orders by status, all time. */
export const orderStatusTotals = pgTable('order_status_totals', {
  status: text('status').primaryKey(),
  orders: bigint('orders', { mode: 'number' }).notNull(),
  cents: bigint('cents', { mode: 'number' }).notNull(),
});

/** Units and line totals of each part by the day its paid or shipped orders were placed. */
export const partDays = pgTable(
  'part_days',
  {
    day: date('day').notNull(),
    partId: uuid('part_id').notNull(),
    units: bigint('units', { mode: 'number' }).notNull(),
    cents: bigint('cents', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ name: 'part_days_pkey', columns: [t.day, t.partId] })],
);

/**
 * The days `part_window` sums (decision 055): the last 30 of the store's days as
 * of the last fold; the fold moves it at the store's midnight by the day leaving and the day entering.
 */
export const overviewWindow = pgTable(
  'overview_window',
  {
    id: integer('id').primaryKey().default(1),
    firstDay: date('first_day').notNull(),
    lastDay: date('last_day').notNull(),
  },
  (t) => [
    check('overview_window_one_row', sql`${t.id} = 1`),
    check('overview_window_days', sql`${t.firstDay} <= ${t.lastDay}`),
  ],
);

/** Each part's part_days summed over `overview_window`'s days: the top parts without a sum. */
export const partWindow = pgTable(
  'part_window',
  {
    partId: uuid('part_id').primaryKey(),
    units: bigint('units', { mode: 'number' }).notNull(),
    cents: bigint('cents', { mode: 'number' }).notNull(),
  },
  (t) => [
    index('part_window_top_idx')
      .on(t.cents.desc().nullsFirst(), t.units.desc().nullsFirst(), t.partId)
      .where(sql`${t.units} > 0`),
  ],
);

/** Changes the triggers staged and no fold has taken yet: orders (a status) or lines (a part). */
export const overviewChanges = pgTable(
  'overview_changes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    day: date('day').notNull(),
    status: text('status'),
    partId: uuid('part_id'),
    orders: bigint('orders', { mode: 'number' }).notNull().default(0),
    units: bigint('units', { mode: 'number' }).notNull().default(0),
    cents: bigint('cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('overview_changes_one_kind', sql`(${t.status} is null) <> (${t.partId} is null)`)],
);

/**
 * Each customer's cart, a line per part, kept on the server across sign-outs and devices. No
 * prices here: the cart is priced from today's parts on every read.
 */
export const cartLines = pgTable(
  'cart_lines',
  {
    email: text('email').notNull(),
    partId: uuid('part_id').notNull(),
    quantity: integer('quantity').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'cart_lines_pkey', columns: [t.email, t.partId] }),
    check('cart_lines_quantity_positive', sql`${t.quantity} > 0`),
    check('cart_lines_email_lowercase', sql`${t.email} = lower(${t.email})`),
    foreignKey({ name: 'cart_lines_part_id_fkey', columns: [t.partId], foreignColumns: [parts.id] }),
  ],
);

/**
 * E-mails of removed users. Signing in or up again is refused until an admin restores the
 * address, so a removal holds even while the identity provider still has the account.
 */
export const blockedEmails = pgTable(
  'blocked_emails',
  {
    email: text('email').primaryKey(),
    blockedBy: text('blocked_by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [check('blocked_emails_lowercase', sql`${t.email} = lower(${t.email})`)],
);

/**
 * Every change of an order's status, placing included: who (the customer's or admin's e-mail,
 * or `system` for expiry) and when. Written in the transaction that makes the change.
 */
export const orderEvents = pgTable(
  'order_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    status: text('status', { enum: ['unpaid', 'paid', 'shipped', 'cancelled'] }).notNull(),
    by: text('by').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('order_events_status_known', sql`${t.status} in ('unpaid', 'paid', 'shipped', 'cancelled')`),
    index('order_events_order_idx').on(t.orderId, t.at),
  ],
);

/**
 * E-mails written to the outbox, or claimed for the mail server, one row per e-mail: a job that
 * runs again after a crash finds its row and does not send twice (mail/order-event-job.ts).
 */
export const sentEmails = pgTable('sent_emails', {
  /** `<event id>:<kind>:<recipient>`, unique per e-mail the store means to send. */
  key: text('key').primaryKey(),
  /** When the row was written: for an SMTP claim, when its sending began. */
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  /** False while an SMTP claim waits for the server's acceptance. */
  delivered: boolean('delivered').notNull().default(true),
});

/** PostgreSQL's bytea as a Buffer (pg sends and reads Buffers as they are). */
const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * Uploaded images when the store runs on PostgreSQL (several instances, no shared disk), each
 * under the SHA-256 of its bytes: the same bytes are stored once and never change under a name.
 * An image row names its thumbnail's row; a thumbnail row names none.
 */
export const images = pgTable(
  'images',
  {
    /** Hex SHA-256 of `bytes`. */
    sha256: text('sha256').primaryKey(),
    bytes: bytea('bytes').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    thumbnailSha256: text('thumbnail_sha256').references((): AnyPgColumn => images.sha256),
    createdAt: createdAt(),
  },
  (t) => [
    check('images_sha256_hex', sql`${t.sha256} ~ '^[0-9a-f]{64}$'`),
    check('images_size_matches', sql`${t.size} = octet_length(${t.bytes})`),
  ],
);

/**
 * The audit trail: one entry per admin action, written in the action's own
 * transaction, never updated or deleted (a trigger refuses it). `before` and `after` hold the
 * fields the action changed, as the API names them.
 */
export const auditEntries = pgTable(
  'audit_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actor: text('actor').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    targetLabel: text('target_label').notNull().default(''),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
  },
  (t) => [
    index('audit_entries_newest_idx').on(t.at.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('audit_entries_actor_idx').on(t.actor, t.at.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('audit_entries_action_idx').on(t.action, t.at.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('audit_entries_target_idx').on(
      t.targetType,
      t.targetId,
      t.at.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
  ],
);

/**
 * The Checkout sessions made for an order, one per attempt: the attempt is
 * reserved before Stripe is asked, and its number is part of the idempotency key sent.
 */
export const checkoutSessions = pgTable(
  'checkout_sessions',
  {
    orderId: uuid('order_id').notNull(),
    attempt: integer('attempt').notNull(),
    provider: text('provider').notNull().default('stripe'),
    /** Null until the provider answered (an attempt whose call failed stays so). */
    sessionId: text('session_id'),
    url: text('url'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'checkout_sessions_pkey', columns: [t.orderId, t.attempt] }),
    check('checkout_sessions_attempt_positive', sql`${t.attempt} >= 1`),
    foreignKey({
      name: 'checkout_sessions_order_id_fkey',
      columns: [t.orderId],
      foreignColumns: [orders.id],
    }),
  ],
);

/** Every provider event, by id: processed once, whatever the number of deliveries. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    orderId: uuid('order_id'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'payment_events_pkey', columns: [t.provider, t.eventId] })],
);

export const PAYMENT_STATUSES = [
  'paid',
  'needs-review',
  'refund-pending',
  'refund-failed',
  'refunded',
] as const;

/** A payment taken for an order (decision 048): what was charged, in minor units, and its state. */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id').notNull(),
    provider: text('provider').notNull().default('stripe'),
    sessionId: text('session_id').notNull(),
    paymentIntent: text('payment_intent'),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull(),
    refundId: text('refund_id'),
    /** Who asked for the refund: the admin who cancelled the order, or `system` (a late payment). */
    refundRequestedBy: text('refund_requested_by'),
    /** The provider's last refusal of the refund, for the admins. */
    refundError: text('refund_error'),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'payments_status_known',
      sql`${t.status} in ('paid', 'needs-review', 'refund-pending', 'refund-failed', 'refunded')`,
    ),
    check('payments_amount_nonnegative', sql`${t.amountMinor} >= 0`),
    uniqueIndex('payments_session_idx').on(t.provider, t.sessionId),
    index('payments_order_idx').on(t.orderId),
    foreignKey({ name: 'payments_order_id_fkey', columns: [t.orderId], foreignColumns: [orders.id] }),
  ],
);

/** Which text of each functions-and-triggers file the database last applied (db/sql-sources.ts). */
export const sqlSourcesApplied = pgTable('sql_sources', {
  file: text('file').primaryKey(),
  sha256: text('sha256').notNull(),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
});
