import path from 'node:path';
import {
  apiMessages,
  DEFAULT_MONEY_PATTERN,
  DEFAULT_STORE_CONTACT,
  type IdentitySettings,
  type MoneyPattern,
  moneyPattern,
  NO_TAX,
  type StoreContact,
  type StoreSettings,
  type TaxRule,
} from '@store/shared';
import compression from 'compression';
import cors from 'cors';
import express, { type Express } from 'express';
import helmet from 'helmet';
import { emulatorProxy } from './auth/emulator-proxy.js';
import { requireUser } from './auth/guards.js';
import type { IdentityProvider } from './auth/identity.js';
import { identitySettingsElement } from './auth/identity-settings.js';
import type { TokenService } from './auth/tokens.js';
import type { Database, DatabaseHandle } from './db/client.js';
import { auditHandlers } from './features/audit/handlers.js';
import { createAuditRepo } from './features/audit/repo.js';
import { createAuditService } from './features/audit/service.js';
import { cartHandlers } from './features/cart/handlers.js';
import { createCartRepo } from './features/cart/repo.js';
import { createCartService } from './features/cart/service.js';
import { categoriesHandlers } from './features/categories/handlers.js';
import { createCategoriesRepo } from './features/categories/repo.js';
import { createCategoriesService } from './features/categories/service.js';
import { docsHandlers } from './features/docs/handlers.js';
import { healthHandlers } from './features/health/handlers.js';
import { identityHandlers } from './features/identity/handlers.js';
import { chooseImageStore } from './features/images/choose-store.js';
import { imagesHandlers } from './features/images/handlers.js';
import type { S3Settings } from './features/images/s3-store.js';
import { uploadsRoutes } from './features/images/serve-uploads.js';
import { createImagesService } from './features/images/service.js';
import { InvoiceCache } from './features/invoices/cache.js';
import { invoicesHandlers } from './features/invoices/handlers.js';
import type { Seller } from './features/invoices/render-invoice.js';
import { createInvoicesService } from './features/invoices/service.js';
import { ordersHandlers } from './features/orders/handlers.js';
import { createOrdersRepo } from './features/orders/repo.js';
import { createOrdersService, type OrdersService } from './features/orders/service.js';
import { outboxHandlers } from './features/outbox/handlers.js';
import { createOutboxService } from './features/outbox/service.js';
import { overviewHandlers } from './features/overview/handlers.js';
import { createOverviewRepo } from './features/overview/repo.js';
import { createOverviewService } from './features/overview/service.js';
import { createCatalogCsvService } from './features/parts/catalog-csv.js';
import { FacetBaseCache } from './features/parts/facet-base-cache.js';
import { createFacetsRepo } from './features/parts/facets-repo.js';
import { partsHandlers } from './features/parts/handlers.js';
import { createImportRepo } from './features/parts/import-repo.js';
import { createPartsRepo } from './features/parts/repo.js';
import { createSearchRepo } from './features/parts/search-repo.js';
import { createPartsService } from './features/parts/service.js';
import { paymentsHandlers } from './features/payments/handlers.js';
import {
  createPaymentsRepo,
  createPaymentsService,
  createStripeGateway,
  type PaymentsService,
  type StripeSettings,
} from './features/payments/index.js';
import { reviewsHandlers } from './features/reviews/handlers.js';
import { createReviewsRepo } from './features/reviews/repo.js';
import { createReviewsService } from './features/reviews/service.js';
import { createSitemapRepo } from './features/seo/repo.js';
import { seoRoutes } from './features/seo/routes.js';
import { createSitemapService } from './features/seo/service.js';
import { settingsHandlers } from './features/settings/handlers.js';
import { storeSettingsElement } from './features/settings/settings-element.js';
import { usersHandlers } from './features/users/handlers.js';
import { createUsersRepo } from './features/users/repo.js';
import { createUsersService } from './features/users/service.js';
import { type JobQueue, noJobs } from './jobs/queue.js';
import { accountLimiter, DAY_MS, HOUR_MS, MINUTE_MS } from './lib/account-rate-limit.js';
import { BoundedQueue, type QueueLimits } from './lib/bounded-queue.js';
import { checkResponsesAgainstContract } from './lib/contract-check.js';
import { errorHandler } from './lib/error-handler.js';
import { inlineScriptSources } from './lib/inline-scripts.js';
import type { Logger } from './lib/logger.js';
import { assetsDir } from './lib/paths.js';
import type { ReadCache } from './lib/read-cache/cache.js';
import { forgetOnWrite, PAGE_CACHE_CONTROL, remember } from './lib/read-cache/remember.js';
import type { RedisHandle } from './lib/redis.js';
import { registerRoutes } from './lib/register-routes.js';
import { RenderGate, type RenderLimits } from './lib/render-gate.js';
import { requestLog } from './lib/request-log.js';
import type { Handlers } from './lib/route-handlers.js';
import { loadServerPages } from './lib/server-pages.js';
import { SharedRateLimitStore } from './lib/shared-rate-limit-store.js';
import { webAppRouter } from './lib/web-app.js';
import { createOutboxStore } from './mail/outbox.js';

export interface AppDeps {
  database: Pick<DatabaseHandle, 'db' | 'ping' | 'kind'>;
  logger: Logger;
  identity: IdentityProvider;
  tokens: TokenService;
  /** Called after the browser changed an emulator account through the store (to save them). */
  onEmulatorAccountsChanged?: () => void;
  /**
   * Where this store's own server answers, once it listens: the pages it renders ask it for their
   * API answers (lib/server-pages.ts). Without it, the app draws every page.
   */
  localOrigin?: () => string | undefined;
  config: {
    corsOrigins: string[];
    trustProxy: number;
    /** The public origin for robots.txt and sitemap.xml; unset: each request's own. */
    publicUrl?: string | undefined;
    adminEmails: string[];
    authRateLimit: number;
    /** Prefix of the sign-in counters' keys in Redis (REDIS_PREFIX). */
    rateLimitPrefix?: string;
    /** Prefix of the per-account counters' keys in Redis (REDIS_PREFIX + 'account:'). */
    accountLimitPrefix?: string;
    /**
     * What one account may write (REVIEW_RATE_LIMIT, REVIEW_DAILY_LIMIT, PROFILE_RATE_LIMIT,
     * ORDER_RATE_LIMIT) and download (INVOICE_RATE_LIMIT).
     */
    accountLimits: {
      reviewsPerMinute: number;
      reviewsPerDay: number;
      profileChangesPerHour: number;
      orderChangesPerMinute: number;
      cartChangesPerMinute: number;
      invoicesPerMinute: number;
    };
    /** Shown on each order's Payment page. */
    paymentInstructions: string;
    /** Card payments through Stripe (STRIPE_*); without them, bank transfer only. */
    stripe?: StripeSettings | undefined;
    /** CURRENCY, lower case; `gbp` when not given. */
    currency?: string;
    /** How prices are written (CURRENCY and LOCALE, decision 056); else CURRENCY's in en-GB. */
    money?: MoneyPattern;
    /** TAX_RATE and PRICES_INCLUDE_TAX (decision 053); no tax when not given. */
    tax?: TaxRule;
    /** UNPAID_ORDER_TTL in milliseconds (0: never); a card payment's session ends with its order. */
    unpaidOrderTtlMs?: number;
    /** Unpaid orders one customer may hold at once. */
    maxOpenOrders: number;
    /** What one customer's unpaid orders may total, in cents, unless they have their own limit. */
    maxUnpaidTotalCents: number;
    /** The seller named on invoices (STORE_NAME, STORE_ADDRESS, STORE_TAX_ID). */
    seller: Seller;
    /** STORE_EMAIL and STORE_PHONE, named wherever a text says 'contact us'; the defaults when not given. */
    contact?: StoreContact;
    /** Where e-mails are written when no SMTP server is configured (listed at /api/outbox). */
    outboxDir: string;
    /** Where uploaded images are kept and served from (/uploads). */
    uploadsDir: string;
    /** S3_BUCKET…: uploaded images go to this bucket, before PostgreSQL or the disk. */
    s3?: S3Settings | undefined;
    imageHostKey?: string | undefined;
    imageHostOrigins: string[];
    /** Parts with fewer units are 'Low stock' (LOW_STOCK_THRESHOLD; default 50). */
    lowStockThreshold?: number;
    /** The Auth emulator the store forwards the browser's sign-in calls to, if any. */
    firebaseEmulatorHost?: string | undefined;
    /** What the web app needs to sign in, served at run time (config.ts). */
    identitySettings: IdentitySettings;
    /** Pages rendered at once and per client a minute (RENDER_CONCURRENCY, RENDER_RATE_LIMIT). */
    renderLimits: RenderLimits;
    /** Uploads read at once and waiting (UPLOAD_CONCURRENCY, UPLOAD_QUEUE). */
    uploadLimits: QueueLimits;
    /** Built SPA to serve at `/`; absent in API-only tests. */
    webDistDir?: string;
  };
  /** Where writes enqueue their follow-up work (e-mails); tests may leave it out. */
  jobs?: JobQueue;
  /**
   * The orders, built once by the composition root (server.ts, `createOrders`) and shared with
   * the job workers; built here from `database` and `jobs` when not given (the tests).
   */
  orders?: OrdersService;
  /** Card payments, built once like `orders` (the refund worker shares them); built here when not given. */
  payments?: PaymentsService;
  /** With REDIS_URL: where sign-in limits are counted, shared by every instance. */
  redis?: RedisHandle;
  /**
   * Where public browse answers are kept for the fast layer in front of this app
   * (lib/read-cache); the caller wires it to the database's change feed. Without it nothing is kept.
   */
  readCache?: ReadCache;
  /** Where uploads wait for their turn; by default one made from `config.uploadLimits` (tests watch their own). */
  uploadQueue?: BoundedQueue;
  /** Rendered invoices, by version (features/invoices/cache.ts); a new one per app when not given. */
  invoiceCache?: InvoiceCache;
  /** Tests: told of every answer that breaks the shared contract. */
  checkResponses?: (problem: string) => void;
}

/** What the orders service is built from, beside the database and the job queue. */
export type OrdersSettings = Pick<
  AppDeps['config'],
  | 'paymentInstructions'
  | 'seller'
  | 'maxOpenOrders'
  | 'maxUnpaidTotalCents'
  | 'stripe'
  | 'tax'
  | 'currency'
  | 'money'
  | 'contact'
>;

/** The store's money pattern: LOCALE's (config.ts), or else CURRENCY's as the default locale writes it. */
export const moneyOf = (config: Pick<AppDeps['config'], 'currency' | 'money'>): MoneyPattern =>
  config.money ??
  (config.currency ? moneyPattern(config.currency, DEFAULT_MONEY_PATTERN.locale) : DEFAULT_MONEY_PATTERN);

/** What the web app is told of the settings (decision 056): with each page, and at GET /api/settings. */
export function storeSettingsOf(
  config: Pick<AppDeps['config'], 'currency' | 'money' | 'tax' | 'contact'>,
): StoreSettings {
  const money = moneyOf(config);
  const tax = config.tax ?? NO_TAX;
  return {
    currency: money.currency,
    locale: money.locale,
    money,
    tax: { rate: tax.rateBasisPoints / 100, pricesIncludeTax: tax.pricesIncludeTax },
    contact: config.contact ?? DEFAULT_STORE_CONTACT,
  };
}

/**
 * The orders service on the one orders repository: the composition root builds it once and
 * hands it to both the app and the job workers (the e-mails, the expiry sweep).
 */
export function createOrders(db: Database, jobs: JobQueue, settings: OrdersSettings): OrdersService {
  return createOrdersService({
    orders: createOrdersRepo(db, jobs),
    audit: createAuditService(createAuditRepo(db)),
    paymentInstructions: settings.paymentInstructions,
    seller: settings.seller,
    maxOpenOrders: settings.maxOpenOrders,
    maxUnpaidTotalCents: settings.maxUnpaidTotalCents,
    tax: settings.tax ?? NO_TAX,
    money: moneyOf(settings),
    contact: settings.contact ?? DEFAULT_STORE_CONTACT,
    cardPayments: settings.stripe !== undefined,
  });
}

/** What card payments are built from, beside the database and the job queue. */
export type PaymentsConfig = Pick<AppDeps['config'], 'stripe' | 'currency' | 'unpaidOrderTtlMs'>;

/** The payments service, for the app's routes and the refund worker alike (server.ts builds it once). */
export function createPayments(db: Database, jobs: JobQueue, config: PaymentsConfig, logger: Logger) {
  return createPaymentsService(createPaymentsRepo(db, jobs), {
    // Refunds are recorded in the audit trail with who asked for them.
    audit: createAuditService(createAuditRepo(db)),
    gateway: config.stripe && createStripeGateway(config.stripe),
    currency: config.currency ?? 'gbp',
    publicUrl: config.stripe?.publicUrl,
    unpaidOrderTtlMs: config.unpaidOrderTtlMs ?? 0,
    logger,
  });
}

/** Builds the whole application from its dependencies; `server.ts` only listens. */
export function createApp({
  database,
  logger,
  identity,
  tokens,
  onEmulatorAccountsChanged,
  localOrigin,
  config,
  jobs = noJobs,
  orders = createOrders(database.db, jobs, config),
  payments = createPayments(database.db, jobs, config, logger),
  redis,
  invoiceCache = new InvoiceCache(),
  readCache,
  uploadQueue = new BoundedQueue(config.uploadLimits),
  checkResponses,
}: AppDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);
  app.use(requestLog(logger));

  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: cspDirectives(
          config.identitySettings,
          config.imageHostOrigins,
          inlineScriptSources(config.webDistDir),
        ),
      },
    }),
  );
  // Small JSON answers cost more CPU to gzip than they save on the wire.
  app.use(compression({ threshold: '4kb' }));

  const api = express.Router();
  api.use(
    cors({
      origin: config.corsOrigins,
      exposedHeaders: ['X-Total-Count', 'X-Total-Count-Capped', 'Link', 'X-Next-Cursor', 'X-Did-You-Mean'],
    }),
  );
  if (checkResponses) api.use(checkResponsesAgainstContract(checkResponses));
  if (readCache) api.use(forgetOnWrite(readCache));
  const users = createUsersRepo(database.db);
  const partsRepo = createPartsRepo(database.db);
  // Every admin action's entry, written by the acting feature in its own transaction;
  // the log's filter finds an order by its number and a part by its SKU, as admins quote them.
  const audit = createAuditService(createAuditRepo(database.db), {
    orderIdOfNumber: orders.idOfNumber,
    partIdOfSku: partsRepo.idOfSku,
  });
  const categories = createCategoriesService(createCategoriesRepo(database.db), { audit, readCache });
  const sitemap = createSitemapService(createSitemapRepo(database.db));
  // Any instance's write reaches the read cache within milliseconds (migration 0009's NOTIFY);
  // without one, the sitemap's own TTL applies.
  readCache?.onInvalidate((tables) => {
    if (tables.includes('parts') || tables.includes('categories')) sitemap.invalidate();
  });
  const images = chooseImageStore(database, config, logger);
  // Per account, shared by every instance with Redis (decision 024): one free account could
  // otherwise post thousands of reviews a second, each one emptying every instance's cache.
  const limitStore = (name: string) =>
    redis &&
    new SharedRateLimitStore(redis, {
      prefix: `${config.accountLimitPrefix ?? 'store:account:'}${name}:`,
      logger,
    });
  const limits = config.accountLimits;
  const perAccount = (name: string, limit: number, windowMs: number, message: string) =>
    accountLimiter({ name, limit, windowMs, message }, limitStore);
  // Sign-in counts, in Redis when there is one (every instance's), under keys of their own for
  // each limiter: `<prefix><address>` for PUT /api/user, then the forwarded emulator calls'.
  const signInPrefix = config.rateLimitPrefix ?? 'store:sign-in:';
  const signInStore = (suffix = '') =>
    redis && new SharedRateLimitStore(redis, { prefix: `${signInPrefix}${suffix}`, logger });

  const storeSettings = storeSettingsOf(config);
  // Every route of the shared contract, each with its feature's handler (decision 032).
  const handlers = {
    docs: docsHandlers(),
    health: healthHandlers(database, identity, redis),
    identity: identityHandlers(config.identitySettings),
    settings: settingsHandlers(storeSettings),
    parts: partsHandlers(
      createPartsService(partsRepo, {
        audit,
        imageHostOrigins: config.imageHostOrigins,
        categories,
        facets: createFacetsRepo(database.db),
        search: createSearchRepo(database.db),
        // Only with a read cache: its change feed is what says when the kept rows are stale.
        facetBases: readCache && new FacetBaseCache(readCache),
        // A part added, edited or deleted here.
        onChange: sitemap.invalidate,
        ...(config.lowStockThreshold !== undefined && { lowStockThreshold: config.lowStockThreshold }),
        minorUnitCents: config.tax?.minorUnitCents,
      }),
      createCatalogCsvService(createImportRepo(database.db), {
        minorUnitCents: config.tax?.minorUnitCents,
        audit,
        imageHostOrigins: config.imageHostOrigins,
        categories,
        onChange: sitemap.invalidate,
      }),
    ),
    categories: categoriesHandlers(categories),
    images: imagesHandlers(createImagesService({ store: images, key: config.imageHostKey, audit }), {
      queue: uploadQueue,
    }),
    reviews: reviewsHandlers(createReviewsService(createReviewsRepo(database.db), audit), {
      writeLimits: [
        perAccount('reviews-minute', limits.reviewsPerMinute, MINUTE_MS, apiMessages.tooManyReviews),
        perAccount('reviews-day', limits.reviewsPerDay, DAY_MS, apiMessages.tooManyReviews),
      ],
    }),
    orders: ordersHandlers(orders, {
      writeLimits: [
        perAccount('orders-minute', limits.orderChangesPerMinute, MINUTE_MS, apiMessages.tooManyOrderChanges),
      ],
    }),
    cart: cartHandlers(createCartService(createCartRepo(database.db), config.tax), {
      writeLimits: [
        perAccount('cart-minute', limits.cartChangesPerMinute, MINUTE_MS, apiMessages.tooManyCartChanges),
      ],
    }),
    payments: paymentsHandlers(payments, {
      writeLimits: [
        perAccount(
          'payments-minute',
          limits.orderChangesPerMinute,
          MINUTE_MS,
          apiMessages.tooManyOrderChanges,
        ),
      ],
    }),
    invoices: invoicesHandlers(
      createInvoicesService({
        orders,
        seller: config.seller,
        paymentInstructions: config.paymentInstructions,
        money: storeSettings.money,
        cache: invoiceCache,
      }),
      {
        downloadLimit: perAccount(
          'invoices-minute',
          limits.invoicesPerMinute,
          MINUTE_MS,
          apiMessages.tooManyInvoices,
        ),
      },
    ),
    outbox: outboxHandlers(createOutboxService(createOutboxStore(config.outboxDir))),
    overview: overviewHandlers(
      createOverviewService(createOverviewRepo(database.db), {
        ...(config.lowStockThreshold !== undefined && { lowStockThreshold: config.lowStockThreshold }),
      }),
    ),
    audit: auditHandlers(audit),
    users: usersHandlers(
      createUsersService({
        repo: users,
        audit,
        // Checkout's fallback for a phone and address: the orders side keeps them.
        lastOrderContact: orders.lastContact,
        // The cart's credit line: what the customer's unpaid orders total, from the orders side.
        unpaidTotalCents: orders.unpaidTotalCents,
        contact: storeSettings.contact,
        identity,
        tokens,
        adminEmails: config.adminEmails,
        defaultCreditLimitCents: config.maxUnpaidTotalCents,
      }),
      {
        signInLimit: config.authRateLimit,
        signInStore: signInStore(),
        profileLimits: [
          perAccount(
            'profile-hour',
            limits.profileChangesPerHour,
            HOUR_MS,
            apiMessages.tooManyProfileChanges,
          ),
        ],
      },
    ),
  } satisfies Handlers;
  registerRoutes(api, handlers, {
    requireUser: requireUser(tokens, (email) => users.find(email)),
    readCache,
  });
  api.use((_req, res) => {
    res.status(404).json({ message: apiMessages.routeNotFound });
  });
  app.use('/api', api);

  // Uploaded images, served by name from the image store or the disk.
  app.use('/uploads', uploadsRoutes(images, config.uploadsDir));
  // Demo catalog images shipped in the repository.
  app.use('/media', express.static(path.join(assetsDir), { maxAge: '7d', fallthrough: false }));

  // The browser reaches the emulator through the store's own origin (auth/emulator-proxy.ts).
  if (config.identitySettings.mode === 'emulator' && config.firebaseEmulatorHost) {
    app.use(
      emulatorProxy({
        emulatorHost: config.firebaseEmulatorHost,
        ...(onEmulatorAccountsChanged && { onAccountsChanged: onEmulatorAccountsChanged }),
        limit: config.authRateLimit,
        stores: { address: signInStore('forwarded:'), account: signInStore('account:') },
      }),
    );
  }

  // Not under /api (so not in the contract); before the SPA, which would answer them with HTML.
  app.use(seoRoutes(sitemap, { publicUrl: config.publicUrl }));

  // What the web app needs before its first call: how it writes money, and how it signs in.
  const headHtml = storeSettingsElement(storeSettings) + identitySettingsElement(config.identitySettings);
  const web = config.webDistDir
    ? webAppRouter(config.webDistDir, {
        headHtml,
        ...(readCache && { cached: remember(readCache, { cacheControl: PAGE_CACHE_CONTROL }) }),
        serverPages:
          localOrigin &&
          loadServerPages(config.webDistDir, {
            headHtml,
            publicUrl: config.publicUrl,
            localOrigin,
            settings: storeSettings,
          }),
        renderGate: new RenderGate(config.renderLimits),
        logger,
      })
    : undefined;
  if (web) app.use(web);

  app.use(errorHandler(logger));
  return app;
}

/**
 * Helmet's defaults plus what Firebase Auth needs in the browser. The emulator is reached
 * through our own origin, so it needs nothing; a real project needs Google's REST endpoints and
 * its auth domain's pages, and Google sign-in's popup Google's script. With the emulator, Google
 * sign-in goes to the emulator's stand-in page under our own origin (which sends its own policy:
 * auth/emulator-google.ts) and back, so no script from Google is allowed.
 * The app's page runs its own inline scripts, allowed by their hash (lib/inline-scripts.ts).
 */
function cspDirectives(identity: IdentitySettings, imageHostOrigins: string[], inlineScripts: string[]) {
  const firebase =
    identity.mode === 'emulator'
      ? { connect: [], frame: [], script: [] }
      : {
          script: ['https://apis.google.com'],
          connect: [
            'https://identitytoolkit.googleapis.com',
            'https://securetoken.googleapis.com',
            'https://www.googleapis.com',
          ],
          frame: [`https://${identity.authDomain}`, 'https://accounts.google.com'],
        };
  return {
    // An external image host serves product images and takes the admin's uploads.
    'img-src': ["'self'", 'data:', 'blob:', ...imageHostOrigins],
    'connect-src': ["'self'", ...firebase.connect, ...imageHostOrigins],
    'frame-src': ["'self'", ...firebase.frame],
    'script-src': ["'self'", ...inlineScripts, ...firebase.script],
    // The store may run on plain http (localhost, behind a TLS proxy): never rewrite.
    'upgrade-insecure-requests': null,
  };
}
