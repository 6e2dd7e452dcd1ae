import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { orders, parts, sentEmails } from '../../src/db/schema.js';
import { createOrderMoves } from '../../src/features/orders/moves.js';
import { createOrdersRepo } from '../../src/features/orders/repo.js';
import { type JobQueue, noJobs } from '../../src/jobs/queue.js';
import { type StartedJobs, startJobs } from '../../src/jobs/start.js';
import { freePort } from '../../src/lib/free-port.js';
import { createLogger } from '../../src/lib/logger.js';
import { createMailer } from '../../src/mail/mailer.js';
import { CLAIM_LIFETIME_MS, createOrderEventJob } from '../../src/mail/order-event-job.js';
import { writeOutboxFile } from '../../src/mail/outbox.js';
import { createSentEmailsRepo } from '../../src/mail/sent-emails-repo.js';
import { accountWithToken } from '../support/accounts.js';
import { client, type TestClient } from '../support/client.js';
import { eventually } from '../support/eventually.js';
import { createTestApp, openTestDatabase, partRow, TEST_PAYMENT_INSTRUCTIONS } from '../support/helpers.js';
import { unfinishedJobs } from '../support/job-queue.js';
import { capturedLines, logCapture } from '../support/log-capture.js';
import { checkout, placeOrder } from '../support/orders.js';
import { type ReceivedEmail, startSmtpServer, type TestSmtpServer } from '../support/smtp-server.js';

/**
 * The store's e-mails end to end: written in the order's transaction as a job, sent by the
 * job queue (pg-boss on this file's database) to a real SMTP server, or into the outbox.
 */
const DESK = 'orders-desk@partsdepot.example';
const address = '7 Quay Street, Bristol BS1 4DJ';
const phone = '+44 117 496 0000';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
type Account = Awaited<ReturnType<typeof accountWithToken>>;

/**
 * One app and database for the file (opening one takes seconds); each block below starts a job
 * queue of its own on it, with its own mail settings, and the app enqueues into whichever runs.
 */
let ctx: TestApp;
let customer: Account;
let admin: Account;
/** The customer's client. */
let api: TestClient;
let runner: StartedJobs | undefined;
const dataDir = mkdtempSync(path.join(tmpdir(), 'store-data-'));
const outboxDir = path.join(dataDir, 'outbox');

/** While set, every statement the file's database runs is written down here. */
let statements: string[] | undefined;

beforeAll(async () => {
  const database = await openTestDatabase({ logQuery: (query) => statements?.push(query) });
  const jobs: JobQueue = {
    enqueue: (tx, name, data) => {
      if (!runner) throw new Error('no job queue is running');
      return runner.queue.enqueue(tx, name, data);
    },
    // The placement writes its job itself, into the running queue's tables (decision 045).
    get schema() {
      if (!runner) throw new Error('no job queue is running');
      return runner.queue.schema;
    },
  };
  ctx = await createTestApp({ database, jobs, outboxDir });
  customer = await accountWithToken(ctx, 'customer', 'Carla <Customer> & Co');
  api = client(ctx.http, customer.auth);
  admin = await accountWithToken(ctx, 'admin', 'Ada Admin');
});
afterAll(async () => {
  await runner?.stop();
  await ctx?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Starts this block's job queue and gives it a part of its own to order. */
async function startQueue(smtpUrl: string | undefined, unpaidOrderTtlMs = 0) {
  runner = await startJobs(
    ctx.database,
    {
      mail: { smtpUrl, outboxDir, from: 'Parts Depot <orders@partsdepot.example>', notify: [DESK] },
      seller: { name: 'Parts Depot Ltd', address: '1 Foundry Lane, Sheffield S1 2AB' },
      paymentInstructions: TEST_PAYMENT_INSTRUCTIONS,
      unpaidOrderTtlMs,
      pollMs: 500,
      uploadsDir: ctx.uploadsDir,
    },
    createLogger('trace', logCapture),
  );
  await runner.work({ orders: createOrderMoves(createOrdersRepo(ctx.db, runner.queue)) });
  const [part] = await ctx.db
    .insert(parts)
    .values(
      partRow({ name: 'Fan "Quiet" 120mm', priceCents: 1250, minOrderQuantity: 1, availableQuantity: 100 }),
    )
    .returning();
  return part?.id as string;
}

/** Resolves once no e-mail job is waiting, due a retry, or running: nothing more can be sent. */
const jobsFinished = () =>
  eventually(async () => (await unfinishedJobs(ctx.database.executeSql)) === 0, {
    what: 'the e-mail jobs to finish',
    timeout: 15_000,
  });

async function stopQueue() {
  await runner?.stop();
  runner = undefined;
}

const move = (id: string, body: object) =>
  ctx.http().patch(`/api/order/${id}/status`).set(admin.auth).send(body).expect(200);

/** Both parts, the order number, and nothing in the HTML that loads or reports anything. */
function expectWellFormed(email: ReceivedEmail, number: string) {
  expect(email.subject).toContain(number);
  expect(email.text).toContain(number);
  expect(email.html).toContain(number);
  expect(email.html).not.toMatch(/<img|<script|src=|url\(|<link|https?:/i);
  expect(email.raw).toMatch(/multipart\/alternative/);
}

describe('order e-mails through a real SMTP server', () => {
  let smtp: TestSmtpServer;
  let partId: string;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    partId = await startQueue(smtp.url);
  });
  afterAll(async () => {
    await stopQueue();
    await smtp?.close();
  });

  it('tells the customer and the desk of a new order, then of payment and shipping, each once', async () => {
    const order = await placeOrder(api, partId, { productQuantity: 3, phone, address });
    const forThis = (e: ReceivedEmail) => e.subject.includes(order.number);

    const [placed] = await smtp.waitFor((e) => forThis(e) && e.recipients.includes(customer.email));
    expect(placed?.subject).toBe(`Your order ${order.number} is confirmed`);
    expect(placed?.to).toEqual([customer.email]);
    expectWellFormed(placed as ReceivedEmail, order.number);
    expect(placed?.text).toContain(TEST_PAYMENT_INSTRUCTIONS);
    expect(placed?.text).toContain('£37.50');
    // The customer's own words are text in the HTML part, never markup.
    expect(placed?.text).toContain('Carla <Customer> & Co');
    expect(placed?.html).toContain('Carla &lt;Customer&gt; &amp; Co');
    expect(placed?.html).toContain('Fan &quot;Quiet&quot; 120mm');
    expect(placed?.html).not.toContain('<Customer>');

    const [desk] = await smtp.waitFor((e) => forThis(e) && e.recipients.includes(DESK));
    expect(desk?.subject).toBe(`New order ${order.number}: 3 × Fan "Quiet" 120mm`);
    expectWellFormed(desk as ReceivedEmail, order.number);
    expect(desk?.text).toContain(customer.email);
    expect(desk?.text).toContain(address);
    expect(desk?.text).toContain(phone);

    await move(order._id, { status: 'paid' });
    const [paid] = await smtp.waitFor((e) => e.subject === `Payment received for your order ${order.number}`);
    expect(paid?.recipients).toEqual([customer.email]);
    expectWellFormed(paid as ReceivedEmail, order.number);

    await move(order._id, {
      status: 'shipped',
      carrier: 'DHL Express',
      trackingNumber: 'JD014600006281',
    });
    const [shipped] = await smtp.waitFor((e) => e.subject === `Your order ${order.number} has shipped`);
    expect(shipped?.recipients).toEqual([customer.email]);
    expectWellFormed(shipped as ReceivedEmail, order.number);
    for (const part of [shipped?.text, shipped?.html]) {
      expect(part).toContain('DHL Express');
      expect(part).toContain('JD014600006281');
    }

    // Nothing more arrives for this order: every e-mail went out exactly once.
    await jobsFinished();
    const sent = smtp.received.filter(forThis).map((e) => `${e.recipients.join()} ${e.subject}`);
    expect(sent.sort()).toEqual(
      [
        `${customer.email} Your order ${order.number} is confirmed`,
        `${DESK} New order ${order.number}: 3 × Fan "Quiet" 120mm`,
        `${customer.email} Payment received for your order ${order.number}`,
        `${customer.email} Your order ${order.number} has shipped`,
      ].sort(),
    );
  });

  it('lists every line of a multi-line order and the PO reference, to the customer and the desk', async () => {
    const [second] = await ctx.db
      .insert(parts)
      .values(partRow({ name: 'Heatsink', sku: 'HS-77', priceCents: 2000, minOrderQuantity: 1 }))
      .returning();
    const { number, lines } = await checkout(api, {
      phone,
      address,
      poReference: 'PO-5150',
      lines: [
        { partId, quantity: 2 },
        { partId: second?.id, quantity: 3 },
      ],
    });
    const forThis = (e: ReceivedEmail) => e.subject.includes(number);
    const [placed] = await smtp.waitFor((e) => forThis(e) && e.recipients.includes(customer.email));
    const [desk] = await smtp.waitFor((e) => forThis(e) && e.recipients.includes(DESK));
    for (const email of [placed, desk]) {
      expectWellFormed(email as ReceivedEmail, number);
      expect(email?.text).toContain('PO-5150');
      expect(email?.text).toContain(`${lines[0]?.sku} · Fan "Quiet" 120mm · 2 × £12.50 = £25.00`);
      expect(email?.text).toContain('HS-77 · Heatsink · 3 × £20.00 = £60.00');
      expect(email?.html).toContain('HS-77 · Heatsink');
      expect(email?.text).toContain('£85.00');
    }
    expect(desk?.subject).toBe(`New order ${number}: 5 × Fan "Quiet" 120mm and 1 more`);
  });

  it('says who cancelled: the customer, or the store', async () => {
    const mine = await placeOrder(api, partId, { productQuantity: 3, phone, address });
    const theirs = await placeOrder(api, partId, { productQuantity: 3, phone, address });
    await ctx.http().delete(`/api/order/${mine._id}`).set(customer.auth).expect(200);
    await move(theirs._id, { status: 'cancelled' });

    const [byCustomer] = await smtp.waitFor((e) => e.subject === `Your order ${mine.number} is cancelled`);
    expect(byCustomer?.recipients).toEqual([customer.email]);
    expect(byCustomer?.text).toContain('As you asked');
    expectWellFormed(byCustomer as ReceivedEmail, mine.number);
    const [byStore] = await smtp.waitFor((e) => e.subject === `Your order ${theirs.number} is cancelled`);
    expect(byStore?.text).toContain(`We have cancelled your order ${theirs.number}`);
    expectWellFormed(byStore as ReceivedEmail, theirs.number);
  });

  it('e-mails no one when an admin undoes a payment', async () => {
    const order = await placeOrder(api, partId, { productQuantity: 3, phone, address });
    await move(order._id, { status: 'paid' });
    await smtp.waitFor((e) => e.subject === `Payment received for your order ${order.number}`);
    await move(order._id, { status: 'unpaid' });
    await move(order._id, { status: 'paid' });
    // The second payment is a new event: its e-mail arrives; the undo between sent nothing.
    await smtp.waitFor((e) => e.subject === `Payment received for your order ${order.number}`, 2);
    await jobsFinished();
    expect(smtp.received.filter((e) => e.subject.includes(order.number))).toHaveLength(4);
  });
});

describe('each e-mail once, however often its job runs', () => {
  let smtp: TestSmtpServer;
  let partId: string;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    partId = await startQueue(smtp.url);
  });
  afterAll(async () => {
    await stopQueue();
    await smtp?.close();
  });

  /** The `order-event` job as the queue runs it, on this file's database, sending to `smtpUrl`. */
  const job = (smtpUrl: string) =>
    createOrderEventJob({
      orders: createOrderMoves(createOrdersRepo(ctx.db, noJobs)),
      sentEmails: createSentEmailsRepo(ctx.db),
      mailer: createMailer({ smtpUrl, from: 'Parts Depot <orders@partsdepot.example>', outboxDir }),
      settings: {
        notify: [DESK],
        seller: { name: 'Parts Depot Ltd', address: '1 Foundry Lane' },
        paymentInstructions: TEST_PAYMENT_INSTRUCTIONS,
        unpaidOrderTtlMs: 0,
      },
      logger: createLogger('trace', logCapture),
    });
  const attempt = { id: 'test', lastAttempt: false };

  it('sends once when the same job runs twice at once (two instances, a retry of a lost answer)', async () => {
    const order = await placeOrder(api, partId, { productQuantity: 3, phone, address });
    await smtp.waitFor((e) => e.subject.includes(order.number), 2);
    // A payment recorded without its job: the job below is the only one for it.
    const paid = await createOrderMoves(createOrdersRepo(ctx.db, noJobs)).move(order._id, {
      from: ['unpaid'],
      to: 'paid',
      by: admin.email,
    });
    const [event] = (await createOrdersRepo(ctx.db, noJobs).events(order._id)).slice(-1);
    expect(paid?.status).toBe('paid');
    const run = job(smtp.url);
    await Promise.all([
      run({ eventId: event?.id as string }, attempt),
      run({ eventId: event?.id as string }, attempt),
    ]);
    await run({ eventId: event?.id as string }, attempt);
    // Anything sent would have arrived before the job's run settled (the server keeps a message
    // before it answers the client).
    expect(
      smtp.received.filter((e) => e.subject === `Payment received for your order ${order.number}`),
    ).toHaveLength(1);
  });

  it('gives the claim back when sending fails, so the next try sends', async () => {
    const order = await placeOrder(api, partId, { productQuantity: 3, phone, address });
    await smtp.waitFor((e) => e.subject.includes(order.number), 2);
    await createOrderMoves(createOrdersRepo(ctx.db, noJobs)).move(order._id, {
      from: ['unpaid'],
      to: 'paid',
      by: admin.email,
    });
    const [event] = (await createOrdersRepo(ctx.db, noJobs).events(order._id)).slice(-1);
    const eventId = event?.id as string;
    const nowhere = `smtp://127.0.0.1:${await freePort()}`;
    await expect(job(nowhere)({ eventId }, attempt)).rejects.toThrow(/not sent/);
    await expect(job(nowhere)({ eventId }, attempt)).rejects.toThrow(/not sent/);
    await job(smtp.url)({ eventId }, attempt);
    const [email] = await smtp.waitFor(
      (e) => e.subject === `Payment received for your order ${order.number}`,
    );
    expect(email?.recipients).toEqual([customer.email]);
  });

  /** A paid order whose payment e-mail's key a killed run claimed `minutesAgo` and never confirmed. */
  async function claimedByAKilledRun(minutesAgo: number) {
    const order = await placeOrder(api, partId, { productQuantity: 3, phone, address });
    await smtp.waitFor((e) => e.subject.includes(order.number), 2);
    await createOrderMoves(createOrdersRepo(ctx.db, noJobs)).move(order._id, {
      from: ['unpaid'],
      to: 'paid',
      by: admin.email,
    });
    const [event] = (await createOrdersRepo(ctx.db, noJobs).events(order._id)).slice(-1);
    const eventId = event?.id as string;
    await ctx.db.insert(sentEmails).values({
      key: `${eventId}:paid:${customer.email}`,
      delivered: false,
      sentAt: new Date(Date.now() - minutesAgo * 60_000),
    });
    return { eventId, subject: `Payment received for your order ${order.number}` };
  }

  it('logs an e-mail whose sender died before the server answered, once, and does not send it twice', async () => {
    const { eventId, subject } = await claimedByAKilledRun(CLAIM_LIFETIME_MS / 60_000 + 1);
    const logged = () =>
      capturedLines.filter((line) => line.includes(eventId) && /may not have been delivered/.test(line));
    const run = job(smtp.url);
    await run({ eventId }, attempt);
    await run({ eventId }, attempt);
    expect(logged()).toHaveLength(1);
    expect(JSON.parse(logged()[0] as string)).toMatchObject({ level: 50, eventId, kind: 'paid' });
    // Anything sent would have arrived before the job's run settled.
    expect(smtp.received.filter((e) => e.subject === subject)).toEqual([]);
  });

  it('waits for a claim still young: its sender may still be talking to the server', async () => {
    const { eventId, subject } = await claimedByAKilledRun(0);
    await expect(job(smtp.url)({ eventId }, attempt)).rejects.toThrow(/not sent/);
    expect(capturedLines.some((line) => line.includes(eventId) && /looks again later/.test(line))).toBe(true);
    expect(
      capturedLines.some((line) => line.includes(eventId) && /may not have been delivered/.test(line)),
    ).toBe(false);
    expect(smtp.received.filter((e) => e.subject === subject)).toEqual([]);
  });
});

describe('a mail server that is down', () => {
  let smtp: TestSmtpServer | undefined;
  let port: number;
  let partId: string;
  beforeAll(async () => {
    port = await freePort();
    partId = await startQueue(`smtp://127.0.0.1:${port}`);
  });
  afterAll(async () => {
    await stopQueue();
    await smtp?.close();
  });

  it('never holds up the order; the e-mails follow once it is back', async () => {
    // 201 while no mail server is there at all: the order never waits for one.
    const logged = capturedLines.length;
    const order = await placeOrder(api, partId, { productQuantity: 3, phone, address });
    // Let the first try fail against the closed port, then bring the server up.
    // (A pattern, not a string: the log check takes the file's quoted phrases for personal data.)
    await eventually(
      () => capturedLines.slice(logged).some((line) => /the job tries again later/.test(line)),
      {
        what: 'a failed try',
      },
    );
    smtp = await startSmtpServer(port);
    const emails = await smtp.waitFor((e) => e.subject.includes(order.number), 2, 20_000);
    expect(emails.map((e) => e.recipients[0]).sort()).toEqual([customer.email, DESK].sort());
    await jobsFinished();
    expect(smtp.received).toHaveLength(2);
  }, 40_000);
});

describe('the outbox, without SMTP_URL', () => {
  let partId: string;
  beforeAll(async () => {
    partId = await startQueue(undefined);
  });
  afterAll(stopQueue);
  // Each test starts from an empty outbox, whichever ran before it (each waits for its jobs).
  beforeEach(() => {
    for (const file of existsSync(outboxDir) ? readdirSync(outboxDir) : [])
      rmSync(path.join(outboxDir, file));
  });

  const outbox = (who: Account, query = '') => ctx.http().get(`/api/outbox${query}`).set(who.auth);

  it('lists nothing before anything was written', async () => {
    const res = await outbox(admin).expect(200);
    expect(res.body).toEqual([]);
    expect(res.headers['x-total-count']).toBe('0');
  });

  it('writes each e-mail as a private .eml file, listed newest first for admins', async () => {
    const order = await placeOrder(api, partId, { productQuantity: 3, phone, address });
    await eventually(async () => (await outbox(admin)).body.length >= 2, {
      what: 'two e-mails in the outbox',
    });
    await jobsFinished();

    const files = readdirSync(outboxDir);
    expect(files).toHaveLength(2);
    expect(files.every((f) => f.endsWith('.eml'))).toBe(true);
    expect(statSync(outboxDir).mode & 0o777).toBe(0o700);
    for (const f of files) expect(statSync(path.join(outboxDir, f)).mode & 0o777).toBe(0o600);

    const res = await outbox(admin).expect(200);
    expect(res.headers['x-total-count']).toBe('2');
    const subjects = res.body.map((e: { subject: string }) => e.subject).sort();
    expect(subjects).toEqual(
      [`New order ${order.number}: 3 × Fan "Quiet" 120mm`, `Your order ${order.number} is confirmed`].sort(),
    );
    const placed = res.body.find((e: { to: string[] }) => e.to[0] === customer.email);
    expect(placed.text).toContain(TEST_PAYMENT_INSTRUCTIONS);
    expect(placed.text).toContain('Carla <Customer> & Co');
    expect(Math.abs(Date.parse(placed.date) - Date.now())).toBeLessThan(60_000);
    const ids = res.body.map((e: { id: string }) => e.id);
    expect(ids).toEqual([...ids].sort().reverse());

    const second = await outbox(admin, '?page=2&limit=1').expect(200);
    expect(second.body.map((e: { id: string }) => e.id)).toEqual([ids[1]]);
  });

  it('writes an e-mail written again over its own file: one file, the last message', async () => {
    const at = new Date('2026-11-25T10:00:00.000Z');
    const again = mkdtempSync(path.join(tmpdir(), 'store-outbox-'));
    try {
      const first = await writeOutboxFile(
        again,
        'event-1:paid:buyer@example.com',
        at,
        Buffer.from('Subject: 1\r\n\r\none'),
      );
      const second = await writeOutboxFile(
        again,
        'event-1:paid:buyer@example.com',
        at,
        Buffer.from('Subject: 2\r\n\r\ntwo'),
      );
      const other = await writeOutboxFile(
        again,
        'event-1:paid:other@example.com',
        at,
        Buffer.from('Subject: 3\r\n\r\n'),
      );
      expect(second).toBe(first);
      expect(other).not.toBe(first);
      expect(readdirSync(again).sort()).toEqual([first, other].sort());
      expect(readFileSync(path.join(again, first), 'utf8')).toContain('two');
      expect(first.startsWith('20261125T100000000Z-')).toBe(true);
    } finally {
      rmSync(again, { recursive: true, force: true });
    }
  });

  it('writes a batch of jobs in three statements whatever its size, each e-mail once (decision 054)', async () => {
    const placed = [];
    for (let n = 0; n < 4; n += 1)
      placed.push(await placeOrder(api, partId, { productQuantity: 1, phone, address }));
    await jobsFinished();
    // Payments recorded without their jobs: the batch below is the only one for them.
    const moves = createOrderMoves(createOrdersRepo(ctx.db, noJobs));
    const events: string[] = [];
    for (const order of placed) {
      await moves.move(order._id, { from: ['unpaid'], to: 'paid', by: admin.email });
      const [event] = (await createOrdersRepo(ctx.db, noJobs).events(order._id)).slice(-1);
      events.push(event?.id as string);
    }
    const job = createOrderEventJob({
      orders: moves,
      sentEmails: createSentEmailsRepo(ctx.db),
      mailer: createMailer({
        smtpUrl: undefined,
        from: 'Parts Depot <orders@partsdepot.example>',
        outboxDir,
      }),
      settings: {
        notify: [DESK],
        seller: { name: 'Parts Depot Ltd', address: '1 Foundry Lane' },
        paymentInstructions: TEST_PAYMENT_INSTRUCTIONS,
        unpaidOrderTtlMs: 0,
      },
      logger: createLogger('trace', logCapture),
    });
    // The four, and the first again (a job sent twice): each e-mail is written once.
    const batch = [...events, events[0] as string].map((eventId, n) => ({
      id: `job-${n}`,
      lastAttempt: false,
      data: { eventId },
    }));
    const paidFiles = async () =>
      (await outbox(admin, '?limit=100')).body.filter((e: { subject: string }) =>
        e.subject.startsWith('Payment received'),
      );
    const countStatements = async (run: () => Promise<unknown>) => {
      statements = [];
      try {
        await run();
        return statements.length;
      } finally {
        statements = undefined;
      }
    };
    let failed: string[] = [];
    // The entries, which of their e-mails are written already, and the marks of those written now.
    expect(await countStatements(async () => (failed = await job.batch(batch)))).toBe(3);
    expect(failed).toEqual([]);
    const written = await paidFiles();
    expect(written.map((e: { subject: string }) => e.subject).sort()).toEqual(
      placed.map((order) => `Payment received for your order ${order.number}`).sort(),
    );
    const marked = await ctx.db.select().from(sentEmails);
    for (const eventId of events)
      expect(marked.filter((row) => row.key.startsWith(`${eventId}:`) && row.delivered)).toHaveLength(1);
    // Run again (a retry): all written already, so nothing is written or marked.
    expect(await countStatements(() => job.batch(batch))).toBe(2);
    expect(await paidFiles()).toHaveLength(4);
  });

  it('is for admins only', async () => {
    await outbox(customer).expect(403);
    await ctx.http().get('/api/outbox').expect(401);
  });
});

describe('reservations expire (UNPAID_ORDER_TTL=3s)', () => {
  let smtp: TestSmtpServer;
  let partId: string;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    partId = await startQueue(smtp.url, 3_000);
  });
  afterAll(async () => {
    await stopQueue();
    await smtp?.close();
  });

  it('cancels an unpaid order as `system` within seconds, restores its stock and tells the customer', async () => {
    const stock = async () =>
      (await ctx.db.select().from(parts).where(eq(parts.id, partId)))[0]?.availableQuantity;
    const before = await stock();
    const placedAt = Date.now();
    const unpaid = await placeOrder(api, partId, { productQuantity: 5, phone, address });
    const paid = await placeOrder(api, partId, { productQuantity: 2, phone, address });
    await move(paid._id, { status: 'paid' });
    expect(await stock()).toBe((before as number) - 7);

    const [expired] = await smtp.waitFor(
      (e) => e.subject === `Your order ${unpaid.number} expired unpaid and was cancelled`,
      1,
      15_000,
    );
    // Not before its lifetime was up (both clocks are this machine's).
    expect(Date.now() - placedAt).toBeGreaterThanOrEqual(2_990);
    expect(expired?.recipients).toEqual([customer.email]);
    expect(expired?.text).toContain('the reserved parts are released');
    expectWellFormed(expired as ReceivedEmail, unpaid.number);

    const detail = await ctx.http().get(`/api/order/${unpaid._id}`).set(customer.auth).expect(200);
    expect(detail.body.order.status).toBe('cancelled');
    expect(detail.body.order.events.at(-1)).toMatchObject({ status: 'cancelled', by: 'system' });
    expect(await stock()).toBe((before as number) - 2);
    const [kept] = await ctx.db.select().from(orders).where(eq(orders.id, paid._id));
    expect(kept?.status).toBe('paid');
  }, 30_000);
});
