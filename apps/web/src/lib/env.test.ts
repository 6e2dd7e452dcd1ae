import { afterEach, describe, expect, it, vi } from 'vitest';

/** The environment is checked once per load of the module, so each case loads it afresh. */
async function loadEnv(values: Record<string, string>) {
  for (const [key, value] of Object.entries(values)) vi.stubEnv(key, value);
  vi.resetModules();
  return import('./env');
}

afterEach(() => vi.unstubAllEnvs());

describe('the web environment', () => {
  it('defaults to the page’s own origin and the store’s own image host', async () => {
    const env = await loadEnv({ VITE_API_URL: '' });
    await expect(env.webEnv()).resolves.toEqual({ VITE_API_URL: '', VITE_IMAGE_HOST_KEY: '' });
    await expect(env.apiBase()).resolves.toBe('/api');
  });

  it('takes the store’s origin from VITE_API_URL', async () => {
    const env = await loadEnv({ VITE_API_URL: 'https://store.example' });
    await expect(env.apiBase()).resolves.toBe('https://store.example/api');
  });

  it('refuses a VITE_API_URL or image host that is not an http(s) URL', async () => {
    await expect((await loadEnv({ VITE_API_URL: 'store.example' })).webEnv()).rejects.toThrow(/VITE_API_URL/);
    const env = await loadEnv({ VITE_API_URL: '', VITE_IMAGE_HOST_URL: 'ftp://images.example' });
    await expect(env.webEnv()).rejects.toThrow(/VITE_IMAGE_HOST_URL/);
  });
});
