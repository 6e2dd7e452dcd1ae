import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, get, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localOriginOf } from '../../src/lib/local-origin.js';
import { fill } from '../../src/lib/server-pages.js';
import { accountWithToken } from '../support/accounts.js';
import { eventually } from '../support/eventually.js';
import { createTestApp } from '../support/helpers.js';
import { capturedLines } from '../support/log-capture.js';

/**
 * A web build with a renderer of its own (decision 023): the real one is the web app's, built by
 * `vite build --ssr` and tested in the browser suite (e2e/server-pages.spec.ts). This one shows
 * what the store does around any renderer: what it asks of the store, and what the store sends.
 */
const RENDERER = `
let renders = 0;
export async function renderPage(url, { origin, fetch }) {
  const { pathname } = new URL(url, origin);
  if (pathname === '/boom') throw new Error('renderer-bug');
  if (pathname === '/parts') {
    renders += 1;
    return { status: 200, body: '<p>render ' + renders + ' of ' + url + '</p>', title: 't', description: 'd' };
  }
  if (pathname === '/slow') {
    globalThis.slowStarted = true;
    await globalThis.slowUntil;
  }
  if (pathname === '/recovers' && !globalThis.recovered) {
    globalThis.recovered = true;
    return { unavailable: true };
  }
  const rendered = pathname.startsWith('/rendered') || pathname.startsWith('/parts/');
  if (!rendered && pathname !== '/recovers' && pathname !== '/slow') return undefined;
  renders += 1;
  const answer = await fetch('/api/parts?limit=1');
  const refused = await fetch('https://elsewhere.example/').then(() => 'fetched', (error) => error.message);
  return {
    status: pathname === '/rendered/missing' ? 404 : 200,
    body: '<p>render ' + renders + ': ' + answer.status + ', ' + answer.headers.get('x-total-count') + ' parts; ' + refused + '</p>',
    title: 'A <b>part</b> · Parts Depot',
    description: 'Says "hello" & more',
    canonical: origin + pathname,
  };
}`;

let webDir: string;
const servers: Server[] = [];

/** The app listening, as the store does: the renderer's answers come from its own server. */
async function listening(options: Parameters<typeof createTestApp>[0] = {}) {
  let origin: string | undefined;
  const ctx = await createTestApp({ webDistDir: webDir, localOrigin: () => origin, ...options });
  const server = createServer(ctx.store);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { ...ctx, origin };
}

beforeAll(() => {
  webDir = mkdtempSync(path.join(tmpdir(), 'server-pages-'));
  const page = (body: string) =>
    `<!doctype html><html><head><meta charset="UTF-8" /></head><body>${body}</body></html>`;
  writeFileSync(path.join(webDir, 'index.html'), page('<div id="root">the app</div>'));
  writeFileSync(
    path.join(webDir, 'islands.html'),
    page('<div id="root"></div><script src="/i.js"></script>'),
  );
  mkdirSync(path.join(webDir, 'server'));
  writeFileSync(path.join(webDir, 'server/render-page.js'), RENDERER);
});
afterAll(() => {
  for (const server of servers) server.close();
  rmSync(webDir, { recursive: true, force: true });
});

describe('a page the store renders', () => {
  let ctx: Awaited<ReturnType<typeof listening>>;
  beforeAll(async () => {
    ctx = await listening();
  });
  afterAll(() => ctx.close());

  it('is sent rendered, with the answers it asked of the store, its head escaped and the identity settings', async () => {
    const res = await fetch(`${ctx.origin}/rendered`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/html/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const html = await res.text();
    // Only the store's own API is asked; anything else is refused.
    expect(html).toMatch(
      /<div id="root"><p>render \d+: 200, 0 parts; not an API path: https:\/\/elsewhere\.example\/<\/p><\/div>/,
    );
    expect(html).toContain('<title>A &lt;b&gt;part&lt;/b&gt; · Parts Depot</title>');
    expect(html).toContain('<meta name="description" content="Says &quot;hello&quot; &amp; more">');
    // No PUBLIC_URL: the origin the page was asked at.
    expect(html).toContain(`<link rel="canonical" href="${ctx.origin}/rendered">`);
    expect(html).toContain('<script type="application/json" id="identity-settings">');
    expect(html).toContain('<script src="/i.js"></script>');
  });

  it('answers 404 with the page when what it shows is not found', async () => {
    const res = await fetch(`${ctx.origin}/rendered/missing`);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('<div id="root"><p>render');
  });

  it('is the app when the renderer does not render the path, or fails, and the failure is logged', async () => {
    const other = await fetch(`${ctx.origin}/login`);
    expect(other.status).toBe(200);
    expect(await other.text()).toContain('<div id="root">the app</div>');

    const failed = await fetch(`${ctx.origin}/boom`);
    expect(failed.status).toBe(200);
    expect(await failed.text()).toContain('<div id="root">the app</div>');
    expect(
      capturedLines.some((line) => /server rendering failed/.test(line) && /renderer-bug/.test(line)),
    ).toBe(true);
  });

  it('never serves the renderer or the page it fills as files', async () => {
    for (const file of ['/server/render-page.js', '/islands.html']) {
      const res = await fetch(`${ctx.origin}${file}`);
      expect(res.headers.get('content-type'), file).toMatch(/html/);
      expect(await res.text(), file).toContain('<div id="root">the app</div>');
    }
  });

  it('answers HEAD with the headers alone', async () => {
    const res = await fetch(`${ctx.origin}/rendered`, { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/html/);
    expect(await res.text()).toBe('');
  });
});

/** A GET with a Host of the caller's choosing (fetch sends the URL's own). */
function withHost(url: string, host: string): Promise<string> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { host } }, (res) => {
      let body = '';
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve(body));
    }).on('error', reject);
  });
}

describe('the read cache and rendered pages', () => {
  const renderOf = (html: string) => Number(/render (\d+)/.exec(html)?.[1]);

  it('never keeps them without PUBLIC_URL: a page names the origin it was asked at', async () => {
    const ctx = await listening({ readCache: true });
    try {
      const first = await (await fetch(`${ctx.origin}/rendered`)).text();
      const forged = await withHost(`${ctx.origin}/rendered`, 'evil.example');
      expect(renderOf(forged)).toBe(renderOf(first) + 1);
      expect(forged).toContain('<link rel="canonical" href="http://evil.example/rendered">');
      // The next visitor gets a page of their own, not the forged one.
      const next = await (await fetch(`${ctx.origin}/rendered`)).text();
      expect(next).toContain(`<link rel="canonical" href="${ctx.origin}/rendered">`);
    } finally {
      await ctx.close();
    }
  });

  it('keeps them with PUBLIC_URL until a write, like every public answer', async () => {
    const ctx = await listening({ readCache: true, publicUrl: 'https://shop.example' });
    try {
      const first = await (await fetch(`${ctx.origin}/rendered`)).text();
      expect(first).toContain('<link rel="canonical" href="https://shop.example/rendered">');
      const again = await withHost(`${ctx.origin}/rendered`, 'evil.example');
      expect(renderOf(again)).toBe(renderOf(first));
      expect((await fetch(`${ctx.origin}/rendered`)).headers.get('cache-control')).toBe('public, no-cache');
      ctx.readCache?.invalidate();
      expect(renderOf(await (await fetch(`${ctx.origin}/rendered`)).text())).toBe(renderOf(first) + 1);

      // Drawn from parts alone: a change to reviews keeps it, one to parts does not.
      const kept = renderOf(await (await fetch(`${ctx.origin}/rendered`)).text());
      ctx.readCache?.invalidate(['reviews']);
      expect(renderOf(await (await fetch(`${ctx.origin}/rendered`)).text())).toBe(kept);
      ctx.readCache?.invalidate(['parts']);
      expect(renderOf(await (await fetch(`${ctx.origin}/rendered`)).text())).toBe(kept + 1);

      // The app sent in place of a page whose data failed is not kept: next time it renders.
      expect(await (await fetch(`${ctx.origin}/recovers`)).text()).toContain('<div id="root">the app</div>');
      expect(await (await fetch(`${ctx.origin}/recovers`)).text()).toMatch(/<div id="root"><p>render/);
    } finally {
      await ctx.close();
    }
  }, 60_000);
});

describe('writes and the rendered pages they leave kept (decision 024)', () => {
  const renderOf = (html: string) => Number(/render (\d+)/.exec(html)?.[1]);

  // A rename changes nothing a page shows, so it forgets no rendered page: otherwise one account
  // renaming itself in a loop would keep the whole cache empty. Adding a part changes pages.
  it('keeps a page drawn from parts while an account renames itself, and renders it again after a part is added', async () => {
    const ctx = await listening({ readCache: true, publicUrl: 'https://shop.example' });
    try {
      const page = async () => renderOf(await (await fetch(`${ctx.origin}/rendered`)).text());
      const first = await page();
      const customer = await accountWithToken(ctx);
      for (const name of ['Loop One', 'Loop Two', 'Loop Three']) {
        const renamed = await fetch(`${ctx.origin}/api/profile`, {
          method: 'PATCH',
          headers: { ...customer.auth, 'Content-Type': 'application/json' },
          body: JSON.stringify({ name }),
        });
        expect(renamed.status).toBe(200);
        expect(await page()).toBe(first);
      }
      const admin = await accountWithToken(ctx, 'admin');
      const added = await fetch(`${ctx.origin}/api/addproduct`, {
        method: 'POST',
        headers: { ...admin.auth, 'Content-Type': 'application/json' },
        body: JSON.stringify({
          name: 'Forgets Pages',
          sku: 'SSR-FORGETS-1',
          img: '/media/parts/test.svg',
          price: 50,
          minOrderQuantity: 1,
          availableQuantity: 10,
          description: 'A part that makes the pages showing parts render again.',
          bulkDiscount: false,
        }),
      });
      expect(added.status).toBe(201);
      expect(await page()).toBe(first + 1);
    } finally {
      await ctx.close();
    }
  }, 60_000);
});

describe('a query string the page does not read (decision 024)', () => {
  const renderOf = (html: string) => Number(/render (\d+)/.exec(html)?.[1]);
  const page = async (origin: string, url: string) => (await fetch(`${origin}${url}`)).text();

  it('is sent the page kept without it: tracking parameters hit the cache', async () => {
    const ctx = await listening({ readCache: true, publicUrl: 'https://shop.example' });
    try {
      const first = await page(ctx.origin, '/rendered');
      for (const url of ['/rendered?utm_source=a1', '/rendered?utm_source=b2&fbclid=c3', '/rendered?']) {
        expect(renderOf(await page(ctx.origin, url)), url).toBe(renderOf(first));
      }
      // The catalog's own parameters name other pages, each rendered from only what it reads.
      const second = await page(ctx.origin, '/parts?utm_source=x&page=2&sort=price-asc&q=+ssd+');
      expect(second).toContain('of /parts?page=2&q=ssd&sort=price-asc<');
      const again = await page(ctx.origin, '/parts?sort=price-asc&q=ssd&page=2&gclid=y&page=5');
      expect(renderOf(again)).toBe(renderOf(second));
      expect(renderOf(await page(ctx.origin, '/parts?page=3'))).toBe(renderOf(second) + 1);
    } finally {
      await ctx.close();
    }
  }, 60_000);
});

describe('render limits (decision 024)', () => {
  const isApp = (html: string) => html.includes('<div id="root">the app</div>');

  it('sends the app, never kept, to a client past its renders for the minute', async () => {
    const ctx = await listening({ readCache: true, renderLimits: { perClientPerMinute: 2 } });
    try {
      // Parts' pages: the app's router has them too, so the app sent in their place is a 200.
      expect(isApp(await (await fetch(`${ctx.origin}/parts/a`)).text())).toBe(false);
      expect(isApp(await (await fetch(`${ctx.origin}/parts/b`)).text())).toBe(false);
      const over = await fetch(`${ctx.origin}/parts/c`);
      expect(over.status).toBe(200);
      expect(isApp(await over.text())).toBe(true);
      expect(ctx.readCache?.get('/parts/c')).toBeUndefined();
      // A page that is not rendered still comes, as before.
      expect(isApp(await (await fetch(`${ctx.origin}/login`)).text())).toBe(true);
    } finally {
      await ctx.close();
    }
  }, 60_000);

  it('sends the app while as many renders as allowed are running, and renders again once one ends', async () => {
    const ctx = await listening({ renderLimits: { concurrency: 1 } });
    const slow = globalThis as { slowStarted?: boolean; slowUntil?: Promise<void> };
    let finish = () => {};
    slow.slowStarted = false;
    slow.slowUntil = new Promise<void>((resolve) => {
      finish = resolve;
    });
    try {
      const running = fetch(`${ctx.origin}/slow`).then((res) => res.text());
      await eventually(() => slow.slowStarted === true, { what: 'the slow render to start', interval: 10 });
      expect(isApp(await (await fetch(`${ctx.origin}/rendered`)).text())).toBe(true);
      finish();
      expect(isApp(await running)).toBe(false);
      expect(isApp(await (await fetch(`${ctx.origin}/rendered`)).text())).toBe(false);
    } finally {
      finish();
      await ctx.close();
    }
  }, 60_000);
});

describe('before the store listens', () => {
  it('sends the app: the renderer has no store to ask', async () => {
    const ctx = await createTestApp({ webDistDir: webDir, localOrigin: () => undefined });
    try {
      const res = await ctx.http().get('/rendered').expect(200);
      expect(res.text).toContain('<div id="root">the app</div>');
    } finally {
      await ctx.close();
    }
  });
});

describe('fill', () => {
  it('writes no canonical link on a page that has none, and noindex where asked', () => {
    const html = fill('<html><head></head><body><div id="root"></div></body></html>', {
      status: 200,
      body: '<p>$& $1</p>',
      title: 't',
      description: 'd',
      robots: 'noindex',
    });
    expect(html).toBe(
      '<html><head><title>t</title><meta name="description" content="d"><meta name="robots" content="noindex"></head><body><div id="root"><p>$& $1</p></div></body></html>',
    );
  });
});

describe('localOriginOf', () => {
  it('reaches a server listening on every address through loopback, and any other where it listens', () => {
    expect(localOriginOf({ address: '0.0.0.0', family: 'IPv4', port: 80 })).toBe('http://127.0.0.1:80');
    expect(localOriginOf({ address: '::', family: 'IPv6', port: 3000 })).toBe('http://[::1]:3000');
    expect(localOriginOf({ address: '10.0.0.5', family: 'IPv4', port: 3000 })).toBe('http://10.0.0.5:3000');
    expect(localOriginOf({ address: 'fe80::1', family: 'IPv6', port: 3000 })).toBe('http://[fe80::1]:3000');
  });
});
