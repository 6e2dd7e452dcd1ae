import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { portOf, useTestApiServer } from './test-api-server';
// Loaded once as the file is collected, so that the hook below, which imports fresh copies of
// them for the test server, only runs their code: their transform (the shared package's schemas)
// is done here, outside the hook's time limit, however busy the machine.
import './api';
import './api-client';
import './session';

/** The typed client against a real HTTP server: each route's path, auth and answer as its contract says. */
type Handler = (req: IncomingMessage, res: ServerResponse) => void;
let server: Server;
let answer: Handler = (_req, res) => res.end();
let api: typeof import('./api')['api'];
let client: typeof import('./api-client');
let session: typeof import('./session').session;

/** What the server was last asked. */
let seen: { method?: string; url?: string; authorization?: string; accept?: string; contentType?: string } =
  {};

const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
};

/** A token the session accepts: only its payload is read on this side. */
const token = (claims: object) =>
  ['e30', Buffer.from(JSON.stringify(claims)).toString('base64url'), 'sig'].join('.');
const signIn = () => session.set(token({ sub: 'a@b.co', exp: Date.now() / 1000 + 600 }));

const part = {
  _id: 'p-1',
  name: 'Ryzen 7',
  img: '/i.webp',
  thumb: '/t.webp',
  price: 300,
  sku: 'RZ-7',
  minOrderQuantity: 1,
  orderMultiple: 1,
  availableQuantity: 5,
  description: 'A CPU',
  bulkDiscount: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  stock: 'low',
  category: null,
  brand: null,
  attributes: {},
};

const uploaded = { success: true, status: 201, data: { url: '/media/x.webp', thumb: '/media/t.webp' } };

beforeAll(async () => {
  server = createServer((req, res) => {
    seen = {
      method: req.method,
      url: req.url,
      authorization: req.headers.authorization,
      accept: req.headers.accept,
      contentType: req.headers['content-type'],
    };
    answer(req, res);
  });
  await useTestApiServer(server);
  ({ api } = await import('./api'));
  client = await import('./api-client');
  ({ session } = await import('./session'));
});

afterEach(() => session.clear());

afterAll(async () => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  await new Promise((resolve) => server.close(resolve));
});

describe('the typed client', () => {
  it("fills the route's path parameters, each URI-encoded, and sends its method", async () => {
    signIn();
    answer = (_req, res) => json(res, 200, { admin: false });
    await expect(api.users.adminStatus({ params: { email: 'a b/c?d@e.co' } })).resolves.toEqual({
      admin: false,
    });
    expect(seen).toMatchObject({ method: 'GET', url: '/api/admin/a%20b%2Fc%3Fd%40e.co' });

    answer = (_req, res) => json(res, 200, { acknowledged: true, deletedCount: 1 });
    await expect(api.parts.remove({ params: { id: 'p/1' } })).resolves.toEqual({
      acknowledged: true,
      deletedCount: 1,
    });
    expect(seen).toMatchObject({ method: 'DELETE', url: '/api/deleteparts/p%2F1' });
  });

  it('builds the query in the order given, leaving out what is undefined', async () => {
    answer = (_req, res) => json(res, 200, [], { 'X-Total-Count': '0' });
    await api.parts.list({ query: { limit: 3, sort: 'newest', q: undefined, page: 1 } });
    expect(seen.url).toBe('/api/parts?limit=3&sort=newest&page=1');
  });

  it('reads a list with its total, whether the total is capped, and the next cursor', async () => {
    answer = (_req, res) =>
      json(res, 200, [part], {
        'X-Total-Count': '1000',
        'X-Total-Count-Capped': 'true',
        'X-Next-Cursor': 'c-2',
      });
    await expect(api.parts.list({ query: { q: 'ryzen' } })).resolves.toEqual({
      items: [part],
      total: 1000,
      totalCapped: true,
      nextCursor: 'c-2',
    });
    answer = (_req, res) => json(res, 200, [part], { 'X-Total-Count': '41' });
    await expect(api.parts.list()).resolves.toEqual({ items: [part], total: 41 });
  });

  it("reads a search's 'Did you mean' from X-Did-You-Mean, percent-decoded; a malformed one is none", async () => {
    answer = (_req, res) =>
      json(res, 200, [part], { 'X-Total-Count': '1', 'X-Did-You-Mean': 'graphics%20card' });
    await expect(api.parts.list({ query: { q: 'grafics card' } })).resolves.toEqual({
      items: [part],
      total: 1,
      suggestion: 'graphics card',
    });
    answer = (_req, res) => json(res, 200, [part], { 'X-Total-Count': '1', 'X-Did-You-Mean': '%E0%A4%A' });
    await expect(api.parts.list({ query: { q: 'x' } })).resolves.toEqual({ items: [part], total: 1 });
  });

  it('sends no token to a public route, even signed in', async () => {
    signIn();
    answer = (_req, res) => json(res, 200, part);
    await expect(api.parts.get({ params: { id: 'p-1' } })).resolves.toEqual(part);
    expect(seen.authorization).toBeUndefined();
  });

  it("sends our token to a signed-in or admin route, and the caller's ID token to sign in", async () => {
    signIn();
    answer = (_req, res) => json(res, 200, { acknowledged: true, deletedCount: 1 });
    await api.reviews.remove({ params: { id: 'r-1' } });
    expect(seen).toMatchObject({ method: 'DELETE', authorization: `Bearer ${session.token()}` });

    answer = (_req, res) => json(res, 200, { acknowledged: true });
    await expect(api.users.endSession({ bearer: 'that-token' })).resolves.toEqual({ acknowledged: true });
    expect(seen).toMatchObject({
      method: 'POST',
      url: '/api/session/end',
      authorization: 'Bearer that-token',
    });

    answer = (_req, res) => json(res, 400, { message: 'Check the name.', fields: { name: 'Too long.' } });
    await expect(
      api.users.signIn({ params: { email: 'a@b.co' }, bearer: 'firebase-id-token', body: { name: 'A' } }),
    ).rejects.toMatchObject({ status: 400, message: 'Check the name.', fields: { name: 'Too long.' } });
    expect(seen).toMatchObject({
      method: 'PUT',
      url: '/api/user/a%40b.co',
      authorization: 'Bearer firebase-id-token',
      contentType: 'application/json',
    });
  });

  it('refuses an answer that breaks its route’s schema, as a load failure', async () => {
    signIn();
    answer = (_req, res) => json(res, 200, { admin: 'yes' });
    const failure = api.users.adminStatus({ params: { email: 'a@b.co' } });
    await expect(failure).rejects.toBeInstanceOf(client.UnexpectedAnswerError);
    await expect(failure).rejects.toThrow('We could not load this.');

    // A list is checked item by item against the route's schema too.
    answer = (_req, res) => json(res, 200, [{ ...part, price: 'cheap' }], { 'X-Total-Count': '1' });
    await expect(api.parts.list()).rejects.toBeInstanceOf(client.UnexpectedAnswerError);
  });

  it('signs out through the one registered handler when a call with our token is refused', async () => {
    signIn();
    const denied = vi.fn();
    const unregister = client.onSessionDenied(denied);
    answer = (_req, res) => json(res, 401, { message: 'Your session has ended.' });
    await expect(api.users.profile()).rejects.toThrow('Your session has ended.');

    const form = new FormData();
    form.append('image', new Blob(['x']), 'x.png');
    answer = (_req, res) => json(res, 403, { success: false, message: 'No.', error: { message: 'No.' } });
    await expect(api.images.upload({ body: form })).rejects.toMatchObject({ status: 403, message: 'No.' });
    expect(denied).toHaveBeenCalledTimes(2);

    // Signing in carries the Firebase ID token, Sign Out its own: their refusals sign no one out.
    await expect(
      api.users.signIn({ params: { email: 'a@b.co' }, bearer: 'id', body: {} }),
    ).rejects.toMatchObject({
      status: 403,
    });
    await expect(api.users.endSession({ bearer: 'old' })).rejects.toMatchObject({ status: 403 });
    expect(denied).toHaveBeenCalledTimes(2);
    unregister();
  });

  it('sends no call that needs our token once signed out, and signs no one out for it', async () => {
    const denied = vi.fn();
    const unregister = client.onSessionDenied(denied);
    let asked = false;
    answer = (_req, res) => {
      asked = true;
      json(res, 200, { admin: false });
    };
    await expect(api.users.adminStatus({ params: { email: 'a@b.co' } })).rejects.toMatchObject({
      status: 401,
    });
    await expect(api.users.list()).rejects.toMatchObject({ status: 401 });
    expect(asked).toBe(false);
    expect(denied).not.toHaveBeenCalled();
    unregister();
  });

  it('sends a multipart route’s FormData as is, with its own boundary', async () => {
    signIn();
    answer = (_req, res) => json(res, 201, uploaded);
    const form = new FormData();
    form.append('key', 'k');
    await expect(api.images.upload({ body: form })).resolves.toEqual(uploaded);
    expect(seen.contentType).toMatch(/^multipart\/form-data; boundary=/);
  });

  it('fetches a file with our token and the type the route produces, named as the server names it', async () => {
    signIn();
    answer = (_req, res) => {
      res.writeHead(200, {
        'Content-Type': 'application/pdf',
        'Content-Disposition': 'attachment; filename="invoice-PD-100001.pdf"',
      });
      res.end('%PDF-1.7 body');
    };
    const file = await api.invoices.pdf({ params: { id: 'o-1' }, fileName: 'invoice.pdf' });
    expect(file.name).toBe('invoice-PD-100001.pdf');
    expect(file.blob.type).toBe('application/pdf');
    expect(await file.blob.text()).toBe('%PDF-1.7 body');
    expect(seen).toMatchObject({
      accept: 'application/pdf',
      authorization: `Bearer ${session.token()}`,
      url: '/api/order/o-1/invoice.pdf',
    });

    answer = (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/csv' });
      res.end('number,status\n');
    };
    const csv = await api.orders.csv({ query: { status: 'paid', q: undefined }, fileName: 'orders.csv' });
    expect(csv.name).toBe('orders.csv');
    expect(seen).toMatchObject({ accept: 'text/csv', url: '/api/orders.csv?status=paid' });
  });

  it("refuses a file with the server's message, and reads the names a server may give", async () => {
    signIn();
    answer = (_req, res) => json(res, 404, { message: 'This order does not exist.' });
    await expect(api.invoices.pdf({ params: { id: 'x' }, fileName: 'invoice.pdf' })).rejects.toMatchObject({
      status: 404,
      message: 'This order does not exist.',
    });
    expect(client.fileNameOf(null, 'orders.csv')).toBe('orders.csv');
    expect(client.fileNameOf('attachment', 'orders.csv')).toBe('orders.csv');
    expect(client.fileNameOf("attachment; filename*=UTF-8''orders%20paid.csv", 'x')).toBe('orders paid.csv');
    expect(client.fileNameOf('attachment; filename=orders.csv', 'x')).toBe('orders.csv');
  });

  it('posts to another image host without our token, reading its answer as our image host’s', async () => {
    signIn();
    const { uploadToImageHost } = await import('./api');
    const host = `http://127.0.0.1:${portOf(server)}/upload`;
    answer = (_req, res) =>
      json(res, 200, {
        ...uploaded,
        data: { url: 'https://img.example/x.webp', thumb: 'https://img.example/t.webp' },
      });
    const form = new FormData();
    form.append('key', 'k');
    await expect(uploadToImageHost(host, form)).resolves.toMatchObject({
      data: { url: 'https://img.example/x.webp' },
    });
    expect(seen).toMatchObject({ method: 'POST', url: '/upload', authorization: undefined });

    answer = (_req, res) => json(res, 400, { success: false, error: { message: 'Not an image.' } });
    await expect(uploadToImageHost(host, form)).rejects.toMatchObject({
      status: 400,
      message: 'Not an image.',
    });
  });
});
