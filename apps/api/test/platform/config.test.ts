import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';

describe('loadConfig', () => {
  it('has working defaults for the embedded store', () => {
    const config = loadConfig({}, '/srv/store/apps/api');
    expect(config).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
      dataDir: path.resolve('./data'),
      seedDemo: true,
      corsOrigins: [],
      webDistDir: '/srv/store/apps/web/dist',
    });
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      DATABASE_URL: 'postgres://store@db:5432/store',
      JWT_SECRET: 'x'.repeat(40),
      FIREBASE_PROJECT_ID: 'parts-depot-prod',
      FIREBASE_WEB_API_KEY: 'AIzaSyTest-Key_0123456789abcdefghijk',
      ADMIN_EMAILS: 'Owner@Example.com, ops@example.com',
      DATA_DIR: '/var/lib/store',
      SEED_DEMO: 'false',
      CORS_ORIGINS: 'https://shop.example, https://admin.example',
      TRUST_PROXY: '1',
    });
    expect(config).toMatchObject({
      port: 8080,
      databaseUrl: 'postgres://store@db:5432/store',
      dataDir: '/var/lib/store',
      seedDemo: false,
      corsOrigins: ['https://shop.example', 'https://admin.example'],
      trustProxy: 1,
      jwtSecret: 'x'.repeat(40),
      adminEmails: ['owner@example.com', 'ops@example.com'],
      // A real project: no emulator, signatures checked against Google's keys.
      firebase: {
        projectId: 'parts-depot-prod',
        emulatorHost: undefined,
        startEmulator: false,
        projectIdPerDataDir: false,
      },
    });
  });

  it('uses and starts the Auth emulator for the default demo project', () => {
    expect(loadConfig({}).firebase).toEqual({
      projectId: 'demo-parts-depot',
      emulatorHost: '127.0.0.1:9099',
      startEmulator: true,
      // The started emulator takes its project id from DATA_DIR, so stores never share accounts.
      projectIdPerDataDir: true,
    });
    expect(loadConfig({ FIREBASE_PROJECT_ID: 'demo-mine' }).firebase.projectIdPerDataDir).toBe(false);
    expect(
      loadConfig({ AUTH_EMULATOR: 'external', FIREBASE_AUTH_EMULATOR_HOST: 'auth:9099' }).firebase,
    ).toEqual({
      projectId: 'demo-parts-depot',
      emulatorHost: 'auth:9099',
      startEmulator: false,
      projectIdPerDataDir: false,
    });
  });

  it.each([
    [{ NODE_ENV: 'production' }, /NODE_ENV is production/],
    [{ FIREBASE_AUTH_EMULATOR_HOST: '0.0.0.0:9099' }, /host 0\.0\.0\.0 is reachable from other machines/],
    [{ FIREBASE_AUTH_EMULATOR_HOST: '192.168.1.5:9099' }, /host 192\.168\.1\.5/],
  ])('refuses to start the trial emulator with %o unless ALLOW_AUTH_EMULATOR=true', (env, reason) => {
    expect(() => loadConfig(env)).toThrow(/ALLOW_AUTH_EMULATOR/);
    expect(() => loadConfig(env)).toThrow(reason);
    expect(loadConfig({ ...env, ALLOW_AUTH_EMULATOR: 'true' }).firebase.startEmulator).toBe(true);
  });

  it('starts the emulator on loopback, and never minds it for a real project or an external one', () => {
    expect(loadConfig({ FIREBASE_AUTH_EMULATOR_HOST: 'localhost:9100' }).firebase.startEmulator).toBe(true);
    expect(loadConfig({ FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.2:9100' }).firebase.startEmulator).toBe(true);
    expect(
      loadConfig({
        NODE_ENV: 'production',
        FIREBASE_PROJECT_ID: 'parts-depot-prod',
        FIREBASE_WEB_API_KEY: 'AIzaSyTest-Key_0123456789abcdefghijk',
      }).firebase.startEmulator,
    ).toBe(false);
    expect(
      loadConfig({
        NODE_ENV: 'production',
        AUTH_EMULATOR: 'external',
        FIREBASE_AUTH_EMULATOR_HOST: 'auth:9099',
      }).firebase.startEmulator,
    ).toBe(false);
  });

  it('takes PUBLIC_URL as an origin only', () => {
    expect(loadConfig({}).publicUrl).toBeUndefined();
    expect(loadConfig({ PUBLIC_URL: 'https://shop.example/' }).publicUrl).toBe('https://shop.example');
    expect(() => loadConfig({ PUBLIC_URL: 'https://shop.example/store' })).toThrow(
      /PUBLIC_URL: expected an origin/,
    );
    expect(() => loadConfig({ PUBLIC_URL: 'ftp://shop.example' })).toThrow(/PUBLIC_URL/);
  });

  it('takes MAIL_FROM as one address only', () => {
    expect(loadConfig({ MAIL_FROM: 'Shop <orders@shop.example>' }).mail.from).toBe(
      'Shop <orders@shop.example>',
    );
    expect(loadConfig({ MAIL_FROM: 'orders@shop.example' }).mail.from).toBe('orders@shop.example');
    for (const from of ['ops,attacker@x.test', 'ops', '<root>x@x.test', 'a@x.test, b@x.test']) {
      expect(() => loadConfig({ MAIL_FROM: from }), from).toThrow(/MAIL_FROM: expected one e-mail address/);
    }
  });

  it('requires JWT_SECRET with DATABASE_URL', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://store@db/store' })).toThrow(/JWT_SECRET: required/);
  });

  it('reads LOW_STOCK_THRESHOLD, 50 by default', () => {
    expect(loadConfig({}).lowStockThreshold).toBe(50);
    expect(loadConfig({ LOW_STOCK_THRESHOLD: '120' }).lowStockThreshold).toBe(120);
  });

  it('reads MAX_UNPAID_TOTAL as exact cents, 25,000.00 by default', () => {
    expect(loadConfig({}).maxUnpaidTotalCents).toBe(2_500_000);
    expect(loadConfig({ MAX_UNPAID_TOTAL: '100000' }).maxUnpaidTotalCents).toBe(10_000_000);
    expect(loadConfig({ MAX_UNPAID_TOTAL: '0.1' }).maxUnpaidTotalCents).toBe(10);
    expect(loadConfig({ MAX_UNPAID_TOTAL: '1234.56' }).maxUnpaidTotalCents).toBe(123_456);
    for (const bad of ['-5', '10.001', '25,000', 'lots']) {
      expect(() => loadConfig({ MAX_UNPAID_TOTAL: bad }), bad).toThrow(
        /MAX_UNPAID_TOTAL: expected an amount/,
      );
    }
  });

  it('reads HEADERS_TIMEOUT and REQUEST_TIMEOUT, 20 s and 60 s by default', () => {
    expect(loadConfig({}).clientTimeouts).toEqual({ headersMs: 20_000, requestMs: 60_000 });
    expect(loadConfig({ HEADERS_TIMEOUT: '5s', REQUEST_TIMEOUT: '2m' }).clientTimeouts).toEqual({
      headersMs: 5_000,
      requestMs: 120_000,
    });
    // Off (0) would bring back the slow-client hold; Node refuses headers longer than the request.
    expect(() => loadConfig({ HEADERS_TIMEOUT: '0' })).toThrow(/HEADERS_TIMEOUT: expected a duration/);
    expect(() => loadConfig({ REQUEST_TIMEOUT: 'soon' })).toThrow(/REQUEST_TIMEOUT: expected a duration/);
    expect(() => loadConfig({ HEADERS_TIMEOUT: '90s' })).toThrow(
      /HEADERS_TIMEOUT: must not be longer than REQUEST_TIMEOUT/,
    );
  });

  it('reads REDIS_URL, and leaves it unset by default', () => {
    expect(loadConfig({})).toMatchObject({ redisUrl: undefined, rateLimitPrefix: 'store:sign-in:' });
    expect(loadConfig({ REDIS_PREFIX: 'shop-2:' }).rateLimitPrefix).toBe('shop-2:sign-in:');
    expect(loadConfig({ REDIS_URL: 'redis://cache:6379' }).redisUrl).toBe('redis://cache:6379');
    expect(loadConfig({ REDIS_URL: 'rediss://:pw@cache:6380/1' }).redisUrl).toBe('rediss://:pw@cache:6380/1');
  });

  describe('tax (decision 053)', () => {
    it('is none by default, on prices before tax', () => {
      expect(loadConfig({}).tax).toEqual({ rateBasisPoints: 0, pricesIncludeTax: false, minorUnitCents: 1 });
    });

    it('reads a rate in percent, to two decimals, and whether prices include it', () => {
      expect(loadConfig({ TAX_RATE: '20', PRICES_INCLUDE_TAX: 'true' }).tax).toEqual({
        rateBasisPoints: 2000,
        pricesIncludeTax: true,
        minorUnitCents: 1,
      });
      expect(loadConfig({ TAX_RATE: '7.25', PRICES_INCLUDE_TAX: '0' }).tax).toEqual({
        rateBasisPoints: 725,
        pricesIncludeTax: false,
        minorUnitCents: 1,
      });
      expect(loadConfig({ TAX_RATE: '100' }).tax.rateBasisPoints).toBe(10_000);
      // Bills in a currency without cents are rounded to whole amounts of it.
      expect(loadConfig({ CURRENCY: 'jpy' }).tax.minorUnitCents).toBe(100);
      expect(loadConfig({ CURRENCY: 'bhd' }).tax.minorUnitCents).toBe(1);
    });

    it('refuses a rate that is not a percentage, and a flag that is not one', () => {
      for (const [name, value] of [
        ['TAX_RATE', '-1'],
        ['TAX_RATE', '101'],
        ['TAX_RATE', '20%'],
        ['TAX_RATE', '7.125'],
        ['PRICES_INCLUDE_TAX', 'yes'],
      ] as const) {
        expect(() => loadConfig({ [name]: value }), `${name}=${value}`).toThrow(new RegExp(`${name}:`));
      }
    });
  });

  describe('card payments through Stripe', () => {
    const keys = {
      STRIPE_SECRET_KEY: 'sk_test_51AbCdEfGh0123456789',
      STRIPE_WEBHOOK_SECRET: 'whsec_0123456789abcdef',
      PUBLIC_URL: 'https://shop.example',
    };

    it('is off without the keys, and the currency is gbp by default', () => {
      const config = loadConfig({});
      expect(config.stripe).toBeUndefined();
      expect(config.currency).toBe('gbp');
    });

    it('reads both keys, a Stripe-compatible server and the currency, lower-cased', () => {
      const config = loadConfig({ ...keys, STRIPE_API_URL: 'http://127.0.0.1:12111', CURRENCY: 'EUR' });
      expect(config.stripe).toEqual({
        secretKey: keys.STRIPE_SECRET_KEY,
        webhookSecret: keys.STRIPE_WEBHOOK_SECRET,
        apiUrl: 'http://127.0.0.1:12111',
        publicUrl: 'https://shop.example',
      });
      expect(config.currency).toBe('eur');
    });

    it('wants both keys or neither, and STRIPE_API_URL only with them', () => {
      expect(() => loadConfig({ STRIPE_SECRET_KEY: keys.STRIPE_SECRET_KEY })).toThrow(
        /STRIPE_WEBHOOK_SECRET: required with STRIPE_SECRET_KEY/,
      );
      expect(() => loadConfig({ STRIPE_WEBHOOK_SECRET: keys.STRIPE_WEBHOOK_SECRET })).toThrow(
        /STRIPE_SECRET_KEY: required with STRIPE_WEBHOOK_SECRET/,
      );
      // Without PUBLIC_URL, customers come back to the origin they paid from.
      expect(loadConfig({ ...keys, PUBLIC_URL: undefined }).stripe?.publicUrl).toBeUndefined();
      expect(() => loadConfig({ STRIPE_API_URL: 'http://127.0.0.1:12111' })).toThrow(
        /STRIPE_API_URL: only used with/,
      );
    });

    it('names a key that is not one, without repeating it', () => {
      for (const [name, value] of [
        ['STRIPE_SECRET_KEY', 'pk_live_0123456789abcdef'],
        ['STRIPE_WEBHOOK_SECRET', 'secret-0123456789'],
        ['STRIPE_API_URL', 'ftp://stripe.test'],
        ['CURRENCY', 'pounds'],
        ['CURRENCY', 'xyz'],
      ] as const) {
        let message = '';
        try {
          loadConfig({ ...keys, [name]: value });
        } catch (error) {
          if (error instanceof ConfigError) message = error.message;
        }
        expect(message, `${name}=${value}`).toContain(`${name}:`);
        if (name.startsWith('STRIPE_')) expect(message).not.toContain(value);
      }
    });
  });

  describe('S3 bucket for images', () => {
    const bucket = { S3_BUCKET: 'parts-depot-images', S3_REGION: 'eu-west-1' };

    it('is off by default, and on with a bucket and a region', () => {
      expect(loadConfig({}).s3).toBeUndefined();
      // No keys: the AWS SDK's default chain (a role, AWS_* variables) supplies them.
      expect(loadConfig(bucket).s3).toEqual({
        bucket: 'parts-depot-images',
        region: 'eu-west-1',
        endpoint: undefined,
        forcePathStyle: false,
        credentials: undefined,
      });
    });

    it('reads an S3-compatible service with its keys, beside PostgreSQL', () => {
      const config = loadConfig({
        ...bucket,
        DATABASE_URL: 'postgres://store@db:5432/store',
        JWT_SECRET: 'x'.repeat(40),
        S3_ENDPOINT: 'http://minio:9000',
        S3_FORCE_PATH_STYLE: 'true',
        S3_ACCESS_KEY_ID: 'store-access',
        S3_SECRET_ACCESS_KEY: 'store-secret-key-0123456789',
      });
      expect(config.databaseUrl).toBe('postgres://store@db:5432/store');
      expect(config.s3).toEqual({
        bucket: 'parts-depot-images',
        region: 'eu-west-1',
        endpoint: 'http://minio:9000',
        forcePathStyle: true,
        credentials: { accessKeyId: 'store-access', secretAccessKey: 'store-secret-key-0123456789' },
      });
    });

    it.each([
      [{ S3_BUCKET: 'parts-depot-images' }, /S3_REGION: required when S3_BUCKET is set/],
      [{ S3_REGION: 'eu-west-1' }, /S3_BUCKET: required when S3_REGION is set/],
      [
        { S3_ENDPOINT: 'http://minio:9000', S3_FORCE_PATH_STYLE: 'true' },
        /S3_BUCKET: required when S3_ENDPOINT, S3_FORCE_PATH_STYLE are set/,
      ],
      [
        { ...bucket, S3_ACCESS_KEY_ID: 'store-access' },
        /S3_SECRET_ACCESS_KEY: required with S3_ACCESS_KEY_ID/,
      ],
      [
        { ...bucket, S3_SECRET_ACCESS_KEY: 'store-secret' },
        /S3_ACCESS_KEY_ID: required with S3_SECRET_ACCESS_KEY/,
      ],
      [{ ...bucket, S3_BUCKET: 'Parts_Depot' }, /S3_BUCKET: expected a bucket name/],
      [{ ...bucket, S3_REGION: 'EU West' }, /S3_REGION: expected a region/],
      [{ ...bucket, S3_ENDPOINT: 'minio:9000' }, /S3_ENDPOINT: expected the http\(s\):\/\/ address/],
      [{ ...bucket, S3_FORCE_PATH_STYLE: 'yes' }, /S3_FORCE_PATH_STYLE:/],
    ])('stops on a half-configured or wrong bucket: %o', (env, message) => {
      expect(() => loadConfig(env)).toThrow(ConfigError);
      expect(() => loadConfig(env)).toThrow(message);
    });

    it('never repeats the secret key in its message', () => {
      expect(() => loadConfig({ S3_SECRET_ACCESS_KEY: 'store-secret-key-0123456789' })).toThrow(
        /^(?![\s\S]*store-secret-key)/,
      );
    });

    it('treats empty S3 variables as unset, as docker-compose passes them', () => {
      expect(
        loadConfig({
          S3_BUCKET: '',
          S3_REGION: '',
          S3_ENDPOINT: '',
          S3_ACCESS_KEY_ID: '',
          S3_SECRET_ACCESS_KEY: '',
        }).s3,
      ).toBeUndefined();
    });
  });

  it('treats empty strings as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).port).toBe(3000);
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://root@localhost/store'],
    ['SEED_DEMO', 'maybe'],
    ['CORS_ORIGINS', 'not a url'],
    ['LOG_LEVEL', 'loud'],
    ['JWT_SECRET', 'short'],
    ['ADMIN_EMAILS', 'boss@example.com, not-an-email'],
    ['FIREBASE_AUTH_EMULATOR_HOST', 'http://localhost'],
    ['FIREBASE_WEB_API_KEY', 'short'],
    ['FIREBASE_AUTH_DOMAIN', 'https://x.firebaseapp.com'],
    ['FIREBASE_APP_ID', 'a b'],
    ['LOW_STOCK_THRESHOLD', 'many'],
    ['LOW_STOCK_THRESHOLD', '0'],
    ['REDIS_URL', 'localhost:6379'],
    ['REDIS_URL', 'http://cache:6379'],
    ['REDIS_PREFIX', 'has spaces'],
  ])('stops with a message naming %s when it is %j', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name}:`));
  });

  describe('identity settings for the web app', () => {
    it('sends the browser to the emulator behind the store for a demo project', () => {
      expect(loadConfig({ FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9199' }).identitySettings).toEqual({
        mode: 'emulator',
        projectId: 'demo-parts-depot',
      });
    });

    it("gives a real project's public web settings, the auth domain defaulting to Firebase's", () => {
      const real = {
        FIREBASE_PROJECT_ID: 'parts-depot-prod',
        FIREBASE_WEB_API_KEY: 'AIzaSy0123456789abcdefghij',
      };
      expect(loadConfig(real).identitySettings).toEqual({
        mode: 'firebase',
        apiKey: 'AIzaSy0123456789abcdefghij',
        authDomain: 'parts-depot-prod.firebaseapp.com',
        projectId: 'parts-depot-prod',
      });
      expect(
        loadConfig({ ...real, FIREBASE_AUTH_DOMAIN: 'login.parts.example', FIREBASE_APP_ID: '1:123:web:abc' })
          .identitySettings,
      ).toMatchObject({ authDomain: 'login.parts.example', appId: '1:123:web:abc' });
    });

    it('requires the web API key of a real project', () => {
      expect(() => loadConfig({ FIREBASE_PROJECT_ID: 'parts-depot-prod' })).toThrow(ConfigError);
      expect(() => loadConfig({ FIREBASE_PROJECT_ID: 'parts-depot-prod' })).toThrow(
        /FIREBASE_WEB_API_KEY: required/,
      );
    });
  });
});
