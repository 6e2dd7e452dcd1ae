import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { useTestApiServer } from './test-api-server';

/** The client against a real HTTP server: answers parsed at the edge, refusals handled in one place. */
type Handler = (req: IncomingMessage, res: ServerResponse) => void;
let server: Server;
let answer: Handler = (_req, res) => res.end();
let client: typeof import('./api-client');
let session: typeof import('./session').session;

const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
};

/** A token the session accepts: only its payload is read on this side. */
const token = (claims: object) =>
  ['e30', Buffer.from(JSON.stringify(claims)).toString('base64url'), 'sig'].join('.');

beforeAll(async () => {
  server = createServer((req, res) => answer(req, res));
  await useTestApiServer(server);
  client = await import('./api-client');
  ({ session } = await import('./session'));
});

afterEach(() => session.clear());

afterAll(async () => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  await new Promise((resolve) => server.close(resolve));
});

describe('the API client', () => {
  it('types a list by its item schema and reads the total from X-Total-Count', async () => {
    const part = {
      _id: 'p-1',
      name: 'Ryzen 7',
      img: '/i.webp',
      thumb: '/t.webp',
      price: 300,
      minOrderQuantity: 1,
      availableQuantity: 5,
      description: 'A CPU',
      bulkDiscount: false,
      createdAt: '2026-01-01T00:00:00.000Z',
      stock: 'low',
    };
    answer = (_req, res) => json(res, 200, [part], { 'X-Total-Count': '41' });
    await expect(client.apiList('/parts', 'partSchema')).resolves.toEqual({ items: [part], total: 41 });
  });

  it('refuses an answer that breaks the contract, as a load failure', async () => {
    answer = (_req, res) => json(res, 200, { admin: 'yes' });
    const failure = client.apiJson('/admin/a@b.co', 'adminStatusSchema');
    await expect(failure).rejects.toBeInstanceOf(client.UnexpectedAnswerError);
    await expect(failure).rejects.toThrow('We could not load this.');
  });

  it('signs out through the one registered handler when a call with our token is refused', async () => {
    session.set(token({ sub: 'a@b.co', exp: Date.now() / 1000 + 600 }));
    const denied = vi.fn();
    const unregister = client.onSessionDenied(denied);
    let sent: string | undefined;
    answer = (req, res) => {
      sent = req.headers.authorization;
      json(res, 401, { message: 'Your session has ended.' });
    };
    await expect(client.apiJson('/admin/a@b.co', 'adminStatusSchema', { auth: true })).rejects.toThrow(
      'Your session has ended.',
    );
    expect(sent).toBe(`Bearer ${session.token()}`);

    const form = new FormData();
    form.append('image', new Blob(['x']), 'x.png');
    answer = (_req, res) => json(res, 403, { success: false, message: 'No.', error: { message: 'No.' } });
    await expect(
      client.apiJson('/image', 'adminStatusSchema', { method: 'POST', body: form, auth: true }),
    ).rejects.toMatchObject({ status: 403, message: 'No.' });
    expect(denied).toHaveBeenCalledTimes(2);

    // Signing in carries the Firebase ID token: its 403 (a removed account) is the login page's.
    await expect(
      client.apiJson('/user/a@b.co', 'adminStatusSchema', { method: 'PUT', auth: { bearer: 'id-token' } }),
    ).rejects.toMatchObject({ status: 403 });
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
    await expect(client.apiJson('/admin/a@b.co', 'adminStatusSchema', { auth: true })).rejects.toMatchObject({
      status: 401,
    });
    expect(asked).toBe(false);
    expect(denied).not.toHaveBeenCalled();
    unregister();
  });

  it('sends FormData as multipart, with its own boundary', async () => {
    answer = (req, res) =>
      json(res, 200, { admin: /^multipart\/form-data; boundary=/.test(req.headers['content-type'] ?? '') });
    const form = new FormData();
    form.append('key', 'k');
    await expect(
      client.apiJson('/image', 'adminStatusSchema', { method: 'POST', body: form }),
    ).resolves.toEqual({
      admin: true,
    });
  });
  it('fetches a file with our token and the type asked for, named as the server names it', async () => {
    session.set(token({ sub: 'a@b.co', exp: Date.now() / 1000 + 600 }));
    let seen: { accept?: string; authorization?: string; url?: string } = {};
    answer = (req, res) => {
      seen = { accept: req.headers.accept, authorization: req.headers.authorization, url: req.url };
      res.writeHead(200, {
        'Content-Type': 'application/pdf',
        'Content-Disposition': 'attachment; filename="invoice-PD-100001.pdf"',
      });
      res.end('%PDF-1.7 body');
    };
    const file = await client.apiFile('/order/o-1/invoice.pdf', 'application/pdf', 'invoice.pdf', {
      auth: true,
      query: { status: 'paid', q: undefined },
    });
    expect(file.name).toBe('invoice-PD-100001.pdf');
    expect(file.blob.type).toBe('application/pdf');
    expect(await file.blob.text()).toBe('%PDF-1.7 body');
    expect(seen).toEqual({
      accept: 'application/pdf',
      authorization: `Bearer ${session.token()}`,
      url: '/api/order/o-1/invoice.pdf?status=paid',
    });
  });

  it("refuses a file with the server's message, and falls back to a name when none is given", async () => {
    answer = (_req, res) => json(res, 404, { message: 'This order does not exist.' });
    await expect(
      client.apiFile('/order/x/invoice.pdf', 'application/pdf', 'invoice.pdf'),
    ).rejects.toMatchObject({ status: 404, message: 'This order does not exist.' });
    expect(client.fileNameOf(null, 'orders.csv')).toBe('orders.csv');
    expect(client.fileNameOf('attachment', 'orders.csv')).toBe('orders.csv');
    expect(client.fileNameOf("attachment; filename*=UTF-8''orders%20paid.csv", 'x')).toBe('orders paid.csv');
    expect(client.fileNameOf('attachment; filename=orders.csv', 'x')).toBe('orders.csv');
  });
});
