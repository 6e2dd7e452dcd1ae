import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { sentEmails } from '../db/schema.js';

/**
 * What became of an e-mail the store means to send, by key (`<event id>:<kind>:<recipient>`):
 * `claimed` by the caller just now; `delivered` (written to the outbox, or accepted by the mail
 * server); or `pending`: claimed for the mail server by a run that has not said (yet, or ever)
 * whether the server accepted it.
 */
export type Claim = 'claimed' | 'delivered' | 'pending';

export function createSentEmailsRepo(db: Database) {
  async function delivered(key: string): Promise<boolean> {
    const [row] = await db
      .select({ delivered: sentEmails.delivered })
      .from(sentEmails)
      .where(eq(sentEmails.key, key));
    return row?.delivered === true;
  }

  return {
    delivered,

    /** Which of `keys` are delivered, in one statement (a batch of jobs' e-mails). */
    async deliveredAmong(keys: string[]): Promise<Set<string>> {
      if (keys.length === 0) return new Set();
      const rows = await db
        .select({ key: sentEmails.key })
        .from(sentEmails)
        .where(and(inArray(sentEmails.key, keys), eq(sentEmails.delivered, true)));
      return new Set(rows.map((row) => row.key));
    },

    /** Records e-mails as delivered (after their outbox files were written), in one statement. */
    async markAllDelivered(keys: string[]): Promise<void> {
      if (keys.length === 0) return;
      await db
        .insert(sentEmails)
        .values([...new Set(keys)].map((key) => ({ key, delivered: true })))
        .onConflictDoUpdate({ target: sentEmails.key, set: { delivered: true } });
    },

    /** Records an e-mail as delivered (after its outbox file was written); again is harmless. */
    async markDelivered(key: string): Promise<void> {
      await db
        .insert(sentEmails)
        .values({ key, delivered: true })
        .onConflictDoUpdate({ target: sentEmails.key, set: { delivered: true } });
    },

    /**
     * Claims the e-mail for this sender before it goes to the mail server; the claim commits at
     * once. Anyone else (an earlier try, another instance) finds it and does not send.
     */
    async claim(key: string): Promise<Claim> {
      const [claimed] = await db
        .insert(sentEmails)
        .values({ key, delivered: false })
        .onConflictDoNothing()
        .returning({ key: sentEmails.key });
      if (claimed) return 'claimed';
      // Gone between the two statements (given back): pending, and the caller's next try claims it.
      return (await delivered(key)) ? 'delivered' : 'pending';
    },

    /** The mail server accepted the claimed e-mail. */
    async confirm(key: string): Promise<void> {
      await db.update(sentEmails).set({ delivered: true }).where(eq(sentEmails.key, key));
    },

    /** Gives a claim back after a failed send, so the job's next try sends it. */
    async release(key: string): Promise<void> {
      await db.delete(sentEmails).where(and(eq(sentEmails.key, key), eq(sentEmails.delivered, false)));
    },

    /**
     * Takes over a claim left unconfirmed for longer than `lifetimeMs` (its sender died), so it
     * is reported once: it counts as delivered from now on, as nothing can tell whether it was.
     * False while the claim is younger (its sender may still be waiting for the server).
     */
    async giveUp(key: string, lifetimeMs: number): Promise<boolean> {
      const taken = await db
        .update(sentEmails)
        .set({ delivered: true })
        .where(
          and(
            eq(sentEmails.key, key),
            eq(sentEmails.delivered, false),
            sql`${sentEmails.sentAt} < now() - make_interval(secs => ${lifetimeMs / 1000})`,
          ),
        )
        .returning({ key: sentEmails.key });
      return taken.length === 1;
    },
  };
}

export type SentEmailsRepo = ReturnType<typeof createSentEmailsRepo>;
