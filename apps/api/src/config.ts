import path from 'node:path';
import { z } from 'zod';

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
  /** Hops of reverse proxies to trust for the client's address (0 when exposed directly). */
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
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
  };
}
