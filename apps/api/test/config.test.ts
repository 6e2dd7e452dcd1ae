import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';

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
  ])('stops with a message naming %s when it is %j', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name}:`));
  });
});
