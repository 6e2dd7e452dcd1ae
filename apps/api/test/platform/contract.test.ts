import { apiContract } from '@store/shared';
import express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiPath } from '../../src/features/docs/openapi.js';
import { checkResponsesAgainstContract } from '../../src/lib/contract-check.js';
import { createTestApp } from '../support/helpers.js';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

interface Layer {
  rawPath?: unknown;
  route?: { path: string; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
}

/** Every route Express actually serves under /api, as `method path`. */
function servedRoutes(stack: Layer[], prefix = ''): string[] {
  return stack.flatMap((layer) => {
    const mount = typeof layer.rawPath === 'string' && layer.rawPath !== '/' ? layer.rawPath : '';
    if (layer.route) {
      return Object.keys(layer.route.methods)
        .filter((method) => method !== '_all')
        .map((method) => `${method} ${prefix}${layer.route?.path}`);
    }
    return layer.handle?.stack ? servedRoutes(layer.handle.stack, `${prefix}${mount}`) : [];
  });
}

describe('the contract', () => {
  it('describes every route the API serves, and serves every route it describes', () => {
    const served = new Set(
      servedRoutes((ctx.app as unknown as { router: { stack: Layer[] } }).router.stack).filter((r) =>
        r.split(' ')[1]?.startsWith('/api/'),
      ),
    );
    const described = new Set(apiContract.map((route) => `${route.method} ${route.path}`));
    expect([...served].filter((route) => !described.has(route))).toEqual([]);
    expect([...described].filter((route) => !served.has(route))).toEqual([]);
    expect(served.size).toBeGreaterThan(20);
    for (const route of apiContract) {
      expect(route.summary.length, `${route.method} ${route.path}`).toBeGreaterThan(5);
      expect(Object.keys(route.responses).some((s) => s.startsWith('2'))).toBe(true);
    }
  });

  it('is served as an OpenAPI 3.1 document with every route and its schemas', async () => {
    const res = await ctx.http().get('/api/openapi.json').expect(200);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.body.openapi).toBe('3.1.0');
    for (const route of apiContract) {
      const operation = res.body.paths[openApiPath(route.path)]?.[route.method];
      expect(operation?.summary, `${route.method} ${route.path}`).toBe(route.summary);
    }
    expect(Object.keys(res.body.components.schemas)).toEqual(
      expect.arrayContaining(['ApiError', 'InsertResult', 'PlacedOrder', 'SignInResponse']),
    );
    const placeOrder = res.body.paths['/api/order'].post;
    expect(placeOrder.security).toEqual([{ bearer: [] }]);
    expect(placeOrder.requestBody.content['application/json'].schema.required).toEqual(
      expect.arrayContaining(['partId', 'productQuantity', 'phone', 'address']),
    );
    const list = res.body.paths['/api/parts'].get;
    expect(list.responses['200'].headers['X-Total-Count']).toBeDefined();
    expect(list.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['page', 'limit', 'sort', 'q']),
    );
  });

  it('has a reference page that names every route and runs no script', async () => {
    const res = await ctx.http().get('/api/docs').expect(200);
    expect(res.headers['content-type']).toContain('text/html');
    for (const route of apiContract) expect(res.text).toContain(`<code>${openApiPath(route.path)}</code>`);
    expect(res.text).not.toContain('<script');
  });
});

describe('the response check (on in every API test)', () => {
  /** A tiny app with contract routes that answer wrongly on purpose. */
  function misbehavingApp() {
    const problems: string[] = [];
    const api = express.Router();
    api.use(checkResponsesAgainstContract((problem) => problems.push(problem)));
    api.get('/part/:id', (_req, res) => {
      res.json({ _id: 'x', name: 'No price' });
    });
    api.get('/parts', (_req, res) => {
      res.json([]);
    });
    api.get('/reviews', (_req, res) => {
      res.setHeader('X-Total-Count', '0');
      res.status(418).json({ message: 'teapot' });
    });
    api.get('/not-described', (_req, res) => {
      res.json({});
    });
    api.use((_req, res) => {
      res.status(404).json({ nope: true });
    });
    const app = express();
    app.use('/api', api);
    return { app, problems };
  }

  it('reports a body that breaks its schema, a list without its total, an undeclared status, an undescribed route and a non-error 404', async () => {
    const { app, problems } = misbehavingApp();
    for (const path of ['/api/part/1', '/api/parts', '/api/reviews', '/api/not-described', '/api/unknown']) {
      await request(app).get(path);
    }
    expect(problems).toHaveLength(5);
    expect(problems[0]).toMatch(
      /GET \/api\/part\/:id 200: the answer does not match the contract[\s\S]*price/,
    );
    expect(problems[1]).toContain('GET /api/parts 200: a list without X-Total-Count');
    expect(problems[2]).toContain('GET /api/reviews 418: the contract does not list this status');
    expect(problems[3]).toContain('GET /api/not-described is not in the contract');
    expect(problems[4]).toContain('GET /api/unknown 404: the answer does not match');
  });

  it('checks answers that are not JSON too: a declared route and status, not declared as JSON', async () => {
    const problems: string[] = [];
    const api = express.Router();
    api.use(checkResponsesAgainstContract((problem) => problems.push(problem)));
    api.get('/orders.csv', (req, res) => {
      res
        .status(req.query.teapot ? 418 : 200)
        .type('text/csv')
        .send('a,b\r\n');
    });
    api.get('/part/:id', (_req, res) => {
      res.type('text/plain').send('not a part');
    });
    api.get('/not-described.txt', (_req, res) => {
      res.type('text/plain').send('?');
    });
    const app = express();
    app.use('/api', api);
    await request(app).get('/api/orders.csv').expect(200);
    await request(app).head('/api/orders.csv').expect(200);
    expect(problems).toEqual([]);
    for (const path of ['/api/orders.csv?teapot=1', '/api/part/1', '/api/not-described.txt']) {
      await request(app).get(path);
    }
    expect(problems).toHaveLength(3);
    expect(problems[0]).toContain('GET /api/orders.csv 418: the contract does not list this status');
    expect(problems[1]).toContain('GET /api/part/:id 200: the contract declares a JSON body');
    expect(problems[2]).toContain('GET /api/not-described.txt is not in the contract');
  });
});
