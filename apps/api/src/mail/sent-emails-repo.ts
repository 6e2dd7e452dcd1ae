import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { sentEmails } from '../db/schema.js';

/** The e-mails already sent, by key (`<event id>:<kind>:<recipient>`). */
export function createSentEmailsRepo(db: Database) {
  return {
    /**
     * Claims the e-mail for this sender; false when another (an earlier try, another instance)
     * already holds it. The claim commits at once, before the message is sent.
     */
    async claim(key: string): Promise<boolean> {
      const claimed = await db
        .insert(sentEmails)
        .values({ key })
        .onConflictDoNothing()
        .returning({ key: sentEmails.key });
      return claimed.length === 1;
    },

    /** Gives a claim back after a failed send, so the job's next try sends it. */
    async release(key: string): Promise<void> {
      await db.delete(sentEmails).where(eq(sentEmails.key, key));
    },
  };
}

export type SentEmailsRepo = ReturnType<typeof createSentEmailsRepo>;
