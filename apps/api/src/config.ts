import path from 'node:path';
import {
  DEFAULT_LOW_STOCK_THRESHOLD,
  DEFAULT_STORE_CONTACT,
  emailSchema,
  type IdentitySettings,
  minorUnitCents,
  moneyPattern,
  percentToBasisPoints,
  phoneSchema,
} from '@store/shared';
import addressparser from 'nodemailer/lib/addressparser/index.js';
import { z } from 'zod';
import type { S3Settings } from './features/images/s3-store.js';
import type { StripeSettings } from './features/payments/stripe-gateway.js';

const booleanFlag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

const originList = z
  .string()
  .transform((list) =>
    list
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.url({ protocol: /^https?$/ })));

const emailList = z
  .string()
  .transform((list) =>
    list
      .split(',')
      .map((email) => email.trim())
      .filter(Boolean),
  )
  .pipe(z.array(emailSchema.pipe(z.email())));

/**
 * The sender: one address, with or without a display name (`Parts Depot <orders@x.example>`).
 * nodemailer reads `ops,attacker@x.test` as a list and `ops` as a local mailbox.
 */
const mailFrom = z
  .string()
  .trim()
  .min(3)
  .max(200)
  .refine((from) => {
    const addresses = addressparser(from, { flatten: true });
    return addresses.length === 1 && emailSchema.safeParse(addresses[0]?.address ?? '').success;
  }, 'expected one e-mail address, e.g. Parts Depot <orders@shop.example>');

/** `72h`, `30m`, `5s`, `2d`, or `0` (off): milliseconds. */
/**
 * An IANA time zone such as Europe/London: the area/city form PostgreSQL and Intl both know,
 * never a bare offset (PostgreSQL reads `+01:00` as POSIX, an hour the other way).
 */
const timeZone = z
  .string()
  .regex(/^[A-Za-z]+(?:\/[A-Za-z0-9_+-]+)*$/, 'expected an IANA time zone, e.g. Europe/London or UTC')
  .refine((zone) => {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  }, 'unknown time zone: expected an IANA name, e.g. Europe/London or UTC');
const DURATION_UNITS_MS = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;
const duration = z
  .string()
  .regex(/^(0|\d{1,6}[smhd])$/, 'expected a duration such as 72h, 30m or 5s, or 0 to turn it off')
  .transform((text) =>
    text === '0'
      ? 0
      : // The pattern above admits only these units' letters (a cast the regex proves).
        Number(text.slice(0, -1)) * DURATION_UNITS_MS[text.at(-1) as keyof typeof DURATION_UNITS_MS],
  );

/** A duration that cannot be turned off (the server's limits on slow clients). */
const positiveDuration = duration.refine(
  (ms) => ms > 0,
  'expected a duration such as 20s or 1m (0 is not allowed)',
);

/** An amount of money in the store's currency, `25000` or `25000.50`: integer cents. */
const money = z
  .string()
  .trim()
  .regex(/^\d{1,12}(\.\d{1,2})?$/, 'expected an amount such as 25000 or 25000.50 (at most 2 decimals)')
  .transform((text) => {
    const [whole = '0', cents = ''] = text.split('.');
    return Number(whole) * 100 + Number(cents.padEnd(2, '0'));
  });

/** A currency `Intl` knows (ISO 4217). */
function isCurrency(code: string): boolean {
  return /^[a-z]{3}$/.test(code) && Intl.supportedValuesOf('currency').includes(code.toUpperCase());
}

/** A locale Intl has data for, in BCP 47 ('en-GB', 'de-CH'): how prices are written. */
function isLocale(tag: string): boolean {
  try {
    return Intl.NumberFormat.supportedLocalesOf(tag).length === 1;
  } catch {
    return false; // not BCP 47 at all
  }
}

const hostPort = z.string().regex(/^[\w.-]+:\d{1,5}$/, 'expected host:port, e.g. 127.0.0.1:9099');

/** Firebase's convention: a project id starting with demo- only ever talks to emulators. */
export const DEFAULT_FIREBASE_PROJECT = 'demo-parts-depot';
const DEFAULT_EMULATOR_HOST = '127.0.0.1:9099';
const DEFAULT_PAYMENT_INSTRUCTIONS =
  'Pay by bank transfer to Parts Depot Ltd, IBAN GB00 PDEP 0000 0000 0000 00, quoting your order number, ' +
  'or ask billing@partsdepot.example for an invoice payable within 30 days. We ship once payment arrives.';

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  /** PostgreSQL connection string; without it the store uses embedded PGlite under DATA_DIR. */
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  SEED_DEMO: booleanFlag.default(true),
  /** Extra origins allowed to call the API from a browser (the store's own origin always is). */
  CORS_ORIGINS: originList.default([]),
  /** The built web app; defaults to apps/web/dist beside this package. */
  WEB_DIST_DIR: z.string().min(1).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * The store's public origin (https://shop.example) for absolute URLs in robots.txt and
   * sitemap.xml; unset: taken from each request (protocol and host, honouring TRUST_PROXY).
   */
  PUBLIC_URL: z
    .url({ protocol: /^https?$/ })
    .refine((url) => new URL(url).pathname === '/', 'expected an origin only, e.g. https://shop.example')
    .transform((url) => new URL(url).origin)
    .optional(),
  /** Hops of reverse proxies to trust for the client's address (0 when exposed directly). */
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  /** Signs the API's own tokens. Required with DATABASE_URL; the embedded store keeps its own. */
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Unset: the store's own emulator gets a demo- id per DATA_DIR; others use the default. */
  FIREBASE_PROJECT_ID: z
    .string()
    .regex(/^[a-z0-9-]{4,40}$/, 'expected a Firebase project id')
    .optional(),
  /** The Auth emulator; defaults to 127.0.0.1:9099 for demo- projects, unused otherwise. */
  FIREBASE_AUTH_EMULATOR_HOST: hostPort.optional(),
  /** A real project's public web settings (Firebase console, project settings, web app). */
  FIREBASE_WEB_API_KEY: z
    .string()
    .regex(/^[\w-]{20,100}$/, 'expected the web API key of your Firebase project')
    .optional(),
  FIREBASE_AUTH_DOMAIN: z
    .string()
    .regex(/^[a-z0-9.-]+\.[a-z]{2,}$/i, 'expected a host name, e.g. my-project.firebaseapp.com')
    .optional(),
  FIREBASE_APP_ID: z
    .string()
    .regex(/^[\w:.-]{5,100}$/, 'expected the web app id, e.g. 1:1234567890:web:abc123')
    .optional(),
  /** `start`: the store starts the emulator itself; `external`: one is already running. */
  AUTH_EMULATOR: z.enum(['start', 'external']).default('start'),
  /** The emulator is a trial tool: starting it in production or off loopback needs this. */
  ALLOW_AUTH_EMULATOR: booleanFlag.default(false),
  /** Users who become admins when they sign in. */
  ADMIN_EMAILS: emailList.default([]),
  /** Redis, e.g. redis://redis:6379: sign-in limits are then shared by every instance. */
  REDIS_URL: z.url({ protocol: /^rediss?$/, error: 'expected redis://host:6379 or rediss://…' }).optional(),
  /** Starts every key the store writes in Redis: stores that share one Redis keep apart by it. */
  REDIS_PREFIX: z
    .string()
    .regex(/^[\w:.-]{1,50}$/, 'expected letters, digits and : . _ - (at most 50)')
    .default('store:'),
  /**
   * Sign-ins allowed per 15 minutes: PUT /api/user per client address, and (counted apart) the
   * forwarded emulator calls per address and per account (docs/decisions/025).
   */
  AUTH_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(60),
  /** Reviews one account may post per minute, and per day (shared through REDIS_URL). */
  REVIEW_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(3),
  REVIEW_DAILY_LIMIT: z.coerce.number().int().min(1).max(100_000).default(20),
  /** Profile changes one account may make per hour (shared through REDIS_URL). */
  PROFILE_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(10),
  /** Orders one account may place or cancel per minute (shared through REDIS_URL). */
  ORDER_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(10),
  /** Cart changes (set, remove, empty, import, merge, reorder) one account may make per minute. */
  CART_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(120),
  /** How long a client may take to send a request's headers, and the whole request (decision 028). */
  HEADERS_TIMEOUT: positiveDuration.default(20 * DURATION_UNITS_MS.s),
  REQUEST_TIMEOUT: positiveDuration.default(60 * DURATION_UNITS_MS.s),
  /** Invoice PDFs one account may download per minute (shared through REDIS_URL). */
  INVOICE_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(30),
  /** Pages the store renders at once; a visitor over it gets the app, which draws the page itself. */
  RENDER_CONCURRENCY: z.coerce.number().int().min(1).max(1_000).default(4),
  /** Pages rendered for one client address per minute; over it, the app (cached pages never count). */
  RENDER_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(60),
  /** Uploads whose bodies are read at once (each up to 5 MB in memory); the rest wait unread. */
  UPLOAD_CONCURRENCY: z.coerce.number().int().min(1).max(100).default(2),
  /** Uploads that may wait for a turn; one more is refused with 503. */
  UPLOAD_QUEUE: z.coerce.number().int().min(0).max(1_000).default(8),
  /**
   * Card payments through Stripe Checkout: both keys or neither. Without them the
   * store takes bank transfers only.
   */
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_\w{8,250}$/, 'expected a Stripe secret key, sk_live_… or sk_test_…')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_[\w+/=]{8,250}$/, 'expected the webhook endpoint’s signing secret, whsec_…')
    .optional(),
  /** A Stripe-compatible server instead of api.stripe.com (tests, a local mock). */
  STRIPE_API_URL: z
    .url({ protocol: /^https?$/, error: 'expected the http(s):// origin of a Stripe-compatible server' })
    .refine((url) => new URL(url).pathname === '/', 'expected an origin only, e.g. http://127.0.0.1:12111')
    .optional(),
  /** The store's currency, ISO 4217: what Stripe charges in. */
  CURRENCY: z
    .string()
    .trim()
    .toLowerCase()
    .refine(isCurrency, 'expected an ISO 4217 currency code such as gbp, eur or usd')
    .default('gbp'),
  /**
   * How prices are written (symbol, separators, grouping: decision 056), BCP 47. The currency
   * stays CURRENCY's: a locale changes how an amount is written, never what it is.
   */
  LOCALE: z
    .string()
    .trim()
    .refine(isLocale, 'expected a BCP 47 locale this Node.js has data for, such as en-GB, de-DE or fr-CH')
    .default('en-GB'),
  /** The tax on every bill, in percent ('20', '7.5'; at most two decimals): decision 053. */
  TAX_RATE: z.coerce
    .number({ error: 'expected a percentage such as 20 or 7.5' })
    .min(0, 'expected a percentage from 0 to 100')
    .max(100, 'expected a percentage from 0 to 100')
    .refine(
      (rate) => Math.abs(rate * 100 - Math.round(rate * 100)) < 1e-6,
      'expected at most two decimals, such as 7.25',
    )
    .default(0),
  /** Whether listed prices include the tax (a shop) or not (a trade store, the default). */
  PRICES_INCLUDE_TAX: booleanFlag.default(false),
  /** How customers pay: shown on every order's Payment page. */
  PAYMENT_INSTRUCTIONS: z.string().max(2000).default(DEFAULT_PAYMENT_INSTRUCTIONS),
  /** The mail server, e.g. smtp://user:pass@host:587; without it e-mails go to DATA_DIR/outbox/. */
  SMTP_URL: z
    .url({ protocol: /^smtps?$/, error: 'expected smtp://user:pass@host:587 or smtps://…' })
    .optional(),
  MAIL_FROM: mailFrom.default('Parts Depot <orders@partsdepot.example>'),
  /** Who hears of each new order (comma list). */
  ORDER_NOTIFY_EMAILS: emailList.default([]),
  /** The seller on invoices and e-mails. */
  STORE_NAME: z.string().trim().min(1).max(100).default('Parts Depot Ltd'),
  STORE_ADDRESS: z
    .string()
    .trim()
    .min(1)
    .max(300)
    .default('1 Foundry Lane, Sheffield S1 2AB, United Kingdom'),
  STORE_TAX_ID: z.string().trim().min(1).max(50).default('GB 000 0000 00'),
  /** How customers reach the store: named wherever a text says 'contact us' (pages and e-mails). */
  STORE_EMAIL: emailSchema.pipe(z.email()).default(DEFAULT_STORE_CONTACT.email),
  STORE_PHONE: phoneSchema.default(DEFAULT_STORE_CONTACT.phone),
  /** Unpaid orders older than this are cancelled and their stock restored; 0 turns it off. */
  UNPAID_ORDER_TTL: duration.default(72 * DURATION_UNITS_MS.h),
  /** Unpaid orders one customer may hold at once. */
  MAX_OPEN_ORDERS: z.coerce.number().int().min(1).max(1000).default(10),
  /** What one customer's unpaid orders may total, unless an admin set their own credit limit. */
  MAX_UNPAID_TOTAL: money.default(2_500_000),
  /** The store's calendar: the overview's days (today, the last 7 and 30) begin at its midnight. */
  TZ: timeZone.default('UTC'),
  /** Parts with fewer units left are shown as 'Low stock'. */
  LOW_STOCK_THRESHOLD: z.coerce.number().int().min(1).max(1_000_000).default(DEFAULT_LOW_STOCK_THRESHOLD),
  /** When set, uploads to POST /api/image must carry this `key` (the image-host protocol). */
  IMAGE_HOST_KEY: z.string().min(8).max(200).optional(),
  /** Origins of an external image host whose URLs products may use (e.g. https://i.ibb.co). */
  IMAGE_HOST_ORIGINS: originList.default([]),
  /** An S3-compatible bucket for uploaded images, before PostgreSQL or the disk (s3Of below). */
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'expected a bucket name: 3 to 63 lower-case letters, digits, dots and hyphens',
    )
    .optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]{2,40}$/, 'expected a region such as eu-west-1 (auto for Cloudflare R2)')
    .optional(),
  /** An S3-compatible service (MinIO, R2, Ceph…); unset: AWS. */
  S3_ENDPOINT: z
    .url({ protocol: /^https?$/, error: 'expected the http(s):// address of an S3-compatible service' })
    .optional(),
  /** Path-style addresses (endpoint/bucket/key), which MinIO and most self-hosted services need. */
  S3_FORCE_PATH_STYLE: booleanFlag.optional(),
  /** Both or neither: unset, the AWS SDK's default chain finds credentials (a role, AWS_*…). */
  S3_ACCESS_KEY_ID: z.string().min(1).max(128).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).max(256).optional(),
});

export type AppConfig = ReturnType<typeof loadConfig>;

export class ConfigError extends Error {}

/**
 * Parses the environment once at boot. A bad value stops the start with a message naming the
 * variable. Empty strings count as unset, as docker-compose and shells often pass them.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, apiRoot = process.cwd()) {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${String(issue.path[0] ?? 'environment')}: ${issue.message}`,
    );
    throw new ConfigError(`Invalid environment variable(s):\n  ${problems.join('\n  ')}`);
  }
  const e = parsed.data;
  if (e.DATABASE_URL && !e.JWT_SECRET) {
    throw new ConfigError(
      'Invalid environment variable(s):\n  JWT_SECRET: required when DATABASE_URL is set (at least 32 characters)',
    );
  }
  if (e.HEADERS_TIMEOUT > e.REQUEST_TIMEOUT) {
    throw new ConfigError(
      'Invalid environment variable(s):\n  HEADERS_TIMEOUT: must not be longer than REQUEST_TIMEOUT (the whole request includes its headers)',
    );
  }
  const s3 = s3Of(e);
  const stripe = stripeOf(e);
  const projectId = e.FIREBASE_PROJECT_ID ?? DEFAULT_FIREBASE_PROJECT;
  const demoProject = projectId.startsWith('demo-');
  const emulatorHost = e.FIREBASE_AUTH_EMULATOR_HOST ?? (demoProject ? DEFAULT_EMULATOR_HOST : undefined);
  const startEmulator = demoProject && e.AUTH_EMULATOR === 'start';
  const risk = startEmulator && !e.ALLOW_AUTH_EMULATOR ? emulatorRisk(e.NODE_ENV, emulatorHost) : undefined;
  if (risk) {
    throw new ConfigError(
      `Invalid environment variable(s):\n  ALLOW_AUTH_EMULATOR: the store would start the Firebase Auth emulator, a trial tool that keeps passwords in clear text, but ${risk}. ` +
        'Set FIREBASE_PROJECT_ID to a real project, or ALLOW_AUTH_EMULATOR=true to start it anyway.',
    );
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: path.resolve(e.DATA_DIR),
    seedDemo: e.SEED_DEMO,
    corsOrigins: e.CORS_ORIGINS,
    webDistDir: path.resolve(apiRoot, e.WEB_DIST_DIR ?? '../web/dist'),
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    publicUrl: e.PUBLIC_URL,
    jwtSecret: e.JWT_SECRET,
    adminEmails: e.ADMIN_EMAILS,
    authRateLimit: e.AUTH_RATE_LIMIT,
    redisUrl: e.REDIS_URL,
    /** Sign-in counters' keys in Redis. */
    rateLimitPrefix: `${e.REDIS_PREFIX}sign-in:`,
    /** The per-account counters' keys in Redis start with this, then the limit's name. */
    accountLimitPrefix: `${e.REDIS_PREFIX}account:`,
    accountLimits: {
      reviewsPerMinute: e.REVIEW_RATE_LIMIT,
      reviewsPerDay: e.REVIEW_DAILY_LIMIT,
      profileChangesPerHour: e.PROFILE_RATE_LIMIT,
      orderChangesPerMinute: e.ORDER_RATE_LIMIT,
      cartChangesPerMinute: e.CART_RATE_LIMIT,
      invoicesPerMinute: e.INVOICE_RATE_LIMIT,
    },
    /** Milliseconds (lib/http-server.ts). */
    clientTimeouts: { headersMs: e.HEADERS_TIMEOUT, requestMs: e.REQUEST_TIMEOUT },
    renderLimits: { concurrency: e.RENDER_CONCURRENCY, perClientPerMinute: e.RENDER_RATE_LIMIT },
    uploadLimits: { concurrency: e.UPLOAD_CONCURRENCY, queue: e.UPLOAD_QUEUE },
    paymentInstructions: e.PAYMENT_INSTRUCTIONS,
    /** Card payments (features/payments); undefined: bank transfer only. */
    stripe,
    /** Lower case, as Stripe writes it. */
    currency: e.CURRENCY,
    /** How every price is written, derived once from Intl (decision 056). */
    money: moneyPattern(e.CURRENCY, e.LOCALE),
    /** The tax rule every order is placed under (decision 053). */
    tax: {
      rateBasisPoints: percentToBasisPoints(e.TAX_RATE),
      pricesIncludeTax: e.PRICES_INCLUDE_TAX,
      // Every amount of a bill rounded to what the currency can charge (a whole yen).
      minorUnitCents: minorUnitCents(e.CURRENCY),
    },
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM,
      notify: e.ORDER_NOTIFY_EMAILS,
      /** Where e-mails go without SMTP_URL. */
      outboxDir: path.join(path.resolve(e.DATA_DIR), 'outbox'),
    },
    seller: { name: e.STORE_NAME, address: e.STORE_ADDRESS, taxId: e.STORE_TAX_ID },
    /** Named wherever a text says 'contact us'. */
    contact: { email: e.STORE_EMAIL, phone: e.STORE_PHONE },
    /** Milliseconds; 0: unpaid orders never expire. */
    unpaidOrderTtlMs: e.UNPAID_ORDER_TTL,
    maxOpenOrders: e.MAX_OPEN_ORDERS,
    /** Cents; a user's own credit_limit_cents replaces it (decision 027). */
    maxUnpaidTotalCents: e.MAX_UNPAID_TOTAL,
    lowStockThreshold: e.LOW_STOCK_THRESHOLD,
    /** The overview's days are this zone's (db/store-time-zone.ts). */
    timeZone: e.TZ,
    uploadsDir: path.join(path.resolve(e.DATA_DIR), 'uploads'),
    imageHostKey: e.IMAGE_HOST_KEY,
    imageHostOrigins: e.IMAGE_HOST_ORIGINS,
    /** Where uploaded images go when set: a bucket every instance reads (features/images/s3-store.ts). */
    s3,
    /** With a project id per DATA_DIR, server.ts puts the emulator's own in (auth/emulator.ts). */
    identitySettings: identitySettingsOf(e, projectId, emulatorHost),
    firebase: {
      projectId,
      emulatorHost,
      /** Start the emulator with the store: the embedded default. */
      startEmulator,
      /** The started emulator's project id comes from DATA_DIR (see auth/emulator.ts). */
      projectIdPerDataDir: startEmulator && !e.FIREBASE_PROJECT_ID,
    },
  };
}

/**
 * What the browser needs to sign in, served by the store at run time so that one web build runs
 * on any port, from any device and in any container: with the emulator, only the project id
 * (the store forwards the emulator under its own origin); with a real project, its public web
 * settings, which are not secrets (every visitor's browser receives them).
 */
function identitySettingsOf(
  e: z.infer<typeof envSchema>,
  projectId: string,
  emulatorHost: string | undefined,
): IdentitySettings {
  if (emulatorHost) return { mode: 'emulator', projectId };
  if (!e.FIREBASE_WEB_API_KEY) {
    throw new ConfigError(
      'Invalid environment variable(s):\n  FIREBASE_WEB_API_KEY: required for the real Firebase project ' +
        `${projectId} (its web app settings give it)`,
    );
  }
  return {
    mode: 'firebase',
    apiKey: e.FIREBASE_WEB_API_KEY,
    authDomain: e.FIREBASE_AUTH_DOMAIN ?? `${projectId}.firebaseapp.com`,
    projectId,
    ...(e.FIREBASE_APP_ID && { appId: e.FIREBASE_APP_ID }),
  };
}

/**
 * The bucket settings, all or nothing: a half-configured bucket would otherwise send uploads
 * to PostgreSQL or the disk without a word, and the operator would find out from another
 * instance's 404s.
 */
function s3Of(e: z.infer<typeof envSchema>): S3Settings | undefined {
  const companions = (
    ['S3_REGION', 'S3_ENDPOINT', 'S3_FORCE_PATH_STYLE', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const
  ).filter((name) => e[name] !== undefined);
  const problems: string[] = [];
  if (!e.S3_BUCKET) {
    if (companions.length > 0) {
      problems.push(
        `S3_BUCKET: required when ${companions.join(', ')} ${companions.length > 1 ? 'are' : 'is'} set`,
      );
    }
  } else if (!e.S3_REGION) {
    problems.push(
      'S3_REGION: required when S3_BUCKET is set (e.g. eu-west-1; for an S3-compatible service, the region it expects, often us-east-1)',
    );
  }
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    const [missing, given] = e.S3_ACCESS_KEY_ID
      ? ['S3_SECRET_ACCESS_KEY', 'S3_ACCESS_KEY_ID']
      : ['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'];
    problems.push(
      `${missing}: required with ${given} (or leave both unset for the AWS SDK's default credentials)`,
    );
  }
  if (problems.length > 0)
    throw new ConfigError(`Invalid environment variable(s):\n  ${problems.join('\n  ')}`);
  if (!e.S3_BUCKET || !e.S3_REGION) return undefined;
  return {
    bucket: e.S3_BUCKET,
    region: e.S3_REGION,
    endpoint: e.S3_ENDPOINT,
    forcePathStyle: e.S3_FORCE_PATH_STYLE ?? false,
    credentials:
      e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
        : undefined,
  };
}

/**
 * Stripe's settings, both keys or neither: one key alone would take payments it cannot confirm,
 * or confirm none.
 */
function stripeOf(e: z.infer<typeof envSchema>): StripeSettings | undefined {
  const problems: string[] = [];
  if (Boolean(e.STRIPE_SECRET_KEY) !== Boolean(e.STRIPE_WEBHOOK_SECRET)) {
    const [missing, given] = e.STRIPE_SECRET_KEY
      ? ['STRIPE_WEBHOOK_SECRET', 'STRIPE_SECRET_KEY']
      : ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'];
    problems.push(`${missing}: required with ${given} (card payments need both, or leave both unset)`);
  }
  if (e.STRIPE_API_URL && !e.STRIPE_SECRET_KEY) {
    problems.push('STRIPE_API_URL: only used with STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
  }
  if (problems.length > 0)
    throw new ConfigError(`Invalid environment variable(s):\n  ${problems.join('\n  ')}`);
  if (!e.STRIPE_SECRET_KEY || !e.STRIPE_WEBHOOK_SECRET) return undefined;
  return {
    secretKey: e.STRIPE_SECRET_KEY,
    webhookSecret: e.STRIPE_WEBHOOK_SECRET,
    apiUrl: e.STRIPE_API_URL,
    // Unset: Stripe sends customers back to the origin they paid from.
    publicUrl: e.PUBLIC_URL,
  };
}

/** Why starting the emulator here would expose trial accounts, if it would. */
function emulatorRisk(nodeEnv: string, emulatorHost = DEFAULT_EMULATOR_HOST): string | undefined {
  if (nodeEnv === 'production') return 'NODE_ENV is production';
  const host = emulatorHost.slice(0, emulatorHost.lastIndexOf(':'));
  const loopback = host === 'localhost' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
  return loopback ? undefined : `its host ${host} is reachable from other machines`;
}
