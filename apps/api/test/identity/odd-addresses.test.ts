import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { validationMessages } from '@store/shared';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createMailer } from '../../src/mail/mailer.js';
import { createTestApp } from '../support/helpers.js';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp-server.js';

/**
 * `ops,attacker@x.test` or `<root>x@x.test` given as an e-mail address: nodemailer, reading it as
 * an address list, would send to `attacker@x.test` or the local `root`. The store refuses such
 * addresses, and its mailer names the one recipient in the SMTP envelope itself, so a header's
 * parsing can never add another.
 */
const ODD = ['ops,attacker@x.test', '<root>x@x.test', 'ops;attacker@x.test', 'ops:attacker@x.test'];
const FROM = 'Parts Depot <orders@partsdepot.example>';
const email = (to: string) => ({
  key: `test:${to}`,
  at: new Date(),
  to,
  subject: 'Your order',
  text: 'Hello',
  html: '<p>Hello</p>',
});

describe('sign-in with an odd address', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it.each(ODD)('refuses %j with a 400, whatever the token', async (address) => {
    // An emulator account for it, where the emulator allows one: the token is then genuine.
    const created = await fetch(
      `http://${inject('authEmulatorHost')}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=k`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: address, password: 'secret-password', returnSecureToken: true }),
      },
    );
    const { idToken = 'not-a-token' } = (await created.json()) as { idToken?: string };
    const res = await ctx
      .http()
      .put(`/api/user/${encodeURIComponent(address)}`)
      .set('Authorization', `Bearer ${idToken}`);
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({ email: validationMessages.emailInvalid });
  });
});

describe('the mailer', () => {
  let smtp: TestSmtpServer;
  let outboxDir: string;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    outboxDir = mkdtempSync(path.join(tmpdir(), 'store-outbox-'));
  });
  afterAll(async () => {
    await smtp?.close();
    rmSync(outboxDir, { recursive: true, force: true });
  });

  it('gives the SMTP server an envelope of exactly the recipient and the sender', async () => {
    const mailer = createMailer({ smtpUrl: smtp.url, from: FROM, outboxDir });
    try {
      await mailer.send({ ...email('Buyer.One@example.com'), subject: 'envelope-check' });
      const [received] = await smtp.waitFor((e) => e.subject === 'envelope-check');
      expect(received?.recipients).toEqual(['Buyer.One@example.com']);
      expect(received?.mailFrom).toBe('orders@partsdepot.example');
      expect(received?.to).toEqual(['Buyer.One@example.com']);
    } finally {
      mailer.close();
    }
  });

  it.each(ODD)('sends nothing to %j, to no one it might be read as', async (address) => {
    const mailer = createMailer({ smtpUrl: smtp.url, from: FROM, outboxDir });
    const before = smtp.received.length;
    try {
      await expect(mailer.send({ ...email(address), subject: `odd ${address}` })).rejects.toThrow(
        /not a single e-mail address/,
      );
    } finally {
      mailer.close();
    }
    // Anything nodemailer had sent would have arrived before the promise settled.
    expect(smtp.received.slice(before)).toEqual([]);
  });

  it('refuses an odd address in the outbox too (no SMTP_URL)', async () => {
    const mailer = createMailer({ from: FROM, outboxDir });
    try {
      await expect(mailer.send(email('<root>x@x.test'))).rejects.toThrow(/not a single e-mail address/);
      await mailer.send(email('buyer@example.com'));
    } finally {
      mailer.close();
    }
    expect(readdirSync(outboxDir)).toHaveLength(1);
  });
});
