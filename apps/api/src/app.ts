import path from 'node:path';
import { apiMessages } from '@store/shared';
import compression from 'compression';
import cors from 'cors';
import express, { type Express } from 'express';
import helmet from 'helmet';
import { requireUser } from './auth/guards.js';
import type { IdentityProvider } from './auth/identity.js';
import type { TokenService } from './auth/tokens.js';
import type { DatabaseHandle } from './db/client.js';
import { healthRoutes } from './features/health/routes.js';
import { imagesRoutes } from './features/images/routes.js';
import { createLocalImageStore } from './features/images/store.js';
import { createOrdersRepo } from './features/orders/repo.js';
import { ordersRoutes } from './features/orders/routes.js';
import { createOrdersService } from './features/orders/service.js';
import { createPartsRepo } from './features/parts/repo.js';
import { partsRoutes } from './features/parts/routes.js';
import { createPartsService } from './features/parts/service.js';
import { createReviewsRepo } from './features/reviews/repo.js';
import { reviewsRoutes } from './features/reviews/routes.js';
import { createReviewsService } from './features/reviews/service.js';
import { createUsersRepo } from './features/users/repo.js';
import { usersRoutes } from './features/users/routes.js';
import { createUsersService } from './features/users/service.js';
import { errorHandler } from './lib/error-handler.js';
import type { Logger } from './lib/logger.js';
import { assetsDir } from './lib/paths.js';
import { webAppRouter } from './lib/web-app.js';

export interface AppDeps {
  database: Pick<DatabaseHandle, 'db' | 'ping' | 'kind'>;
  logger: Logger;
  identity: IdentityProvider;
  tokens: TokenService;
  config: {
    corsOrigins: string[];
    trustProxy: number;
    adminEmails: string[];
    authRateLimit: number;
    /** Shown on each order's Payment page. */
    paymentInstructions: string;
    /** Where uploaded images are kept and served from (/uploads). */
    uploadsDir: string;
    imageHostKey?: string | undefined;
    imageHostOrigins: string[];
    /** Where the browser reaches Firebase Auth: the emulator, or Google's endpoints. */
    firebaseEmulatorHost?: string | undefined;
    /** Built SPA to serve at `/`; absent in API-only tests. */
    webDistDir?: string;
  };
}

/** Builds the whole application from its dependencies; `server.ts` only listens. */
export function createApp({ database, logger, identity, tokens, config }: AppDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);

  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: cspDirectives(config.firebaseEmulatorHost, config.imageHostOrigins),
      },
    }),
  );
  // Small JSON answers cost more CPU to gzip than they save on the wire.
  app.use(compression({ threshold: '4kb' }));

  const api = express.Router();
  api.use(cors({ origin: config.corsOrigins, exposedHeaders: ['X-Total-Count'] }));
  api.use(express.json({ limit: '100kb' }));
  api.use(healthRoutes(database, identity));
  const users = createUsersRepo(database.db);
  const signedIn = requireUser(tokens, users);
  const partsRepo = createPartsRepo(database.db);
  api.use(
    partsRoutes(createPartsService(partsRepo, { imageHostOrigins: config.imageHostOrigins }), {
      requireUser: signedIn,
    }),
  );
  api.use(
    imagesRoutes(createLocalImageStore(config.uploadsDir), {
      requireUser: signedIn,
      key: config.imageHostKey,
    }),
  );
  api.use(reviewsRoutes(createReviewsService(createReviewsRepo(database.db)), { requireUser: signedIn }));
  api.use(
    ordersRoutes(
      createOrdersService({
        orders: createOrdersRepo(database.db),
        parts: partsRepo,
        paymentInstructions: config.paymentInstructions,
      }),
      { requireUser: signedIn },
    ),
  );
  api.use(
    usersRoutes(createUsersService({ repo: users, identity, tokens, adminEmails: config.adminEmails }), {
      requireUser: signedIn,
      signInLimit: config.authRateLimit,
    }),
  );
  api.use((_req, res) => {
    res.status(404).json({ message: apiMessages.routeNotFound });
  });
  app.use('/api', api);

  // Uploaded images: random names, re-encoded by us, never changed once written.
  app.use(
    '/uploads',
    express.static(config.uploadsDir, {
      immutable: true,
      maxAge: 365 * 24 * 60 * 60 * 1000,
      index: false,
      dotfiles: 'deny',
      fallthrough: false,
    }),
  );
  // Demo catalog images shipped in the repository.
  app.use('/media', express.static(path.join(assetsDir), { maxAge: '7d', fallthrough: false }));

  const web = config.webDistDir ? webAppRouter(config.webDistDir) : undefined;
  if (web) app.use(web);

  app.use(errorHandler(logger));
  return app;
}

/**
 * Helmet's defaults plus what Firebase Auth needs in the browser: its REST endpoints (or the
 * emulator), and for Google sign-in Google's script and the project's auth pages.
 */
function cspDirectives(emulatorHost: string | undefined, imageHostOrigins: string[]) {
  // Firebase's popup sign-in loads Google's script even against the emulator.
  const firebase = emulatorHost
    ? {
        connect: [`http://${emulatorHost}`],
        frame: [`http://${emulatorHost}`],
        script: ['https://apis.google.com'],
      }
    : {
        connect: [
          'https://identitytoolkit.googleapis.com',
          'https://securetoken.googleapis.com',
          'https://www.googleapis.com',
        ],
        frame: ['https://*.firebaseapp.com', 'https://*.web.app', 'https://accounts.google.com'],
        script: ['https://apis.google.com'],
      };
  return {
    // An external image host serves product images and takes the admin's uploads.
    'img-src': ["'self'", 'data:', 'blob:', ...imageHostOrigins],
    'connect-src': ["'self'", ...firebase.connect, ...imageHostOrigins],
    'frame-src': ["'self'", ...firebase.frame],
    'script-src': ["'self'", ...firebase.script],
    // The store may run on plain http (localhost, behind a TLS proxy): never rewrite.
    'upgrade-insecure-requests': null,
  };
}
