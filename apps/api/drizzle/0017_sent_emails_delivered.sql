-- Issue 19, item 5: a row in sent_emails was written before its e-mail went out, so a store
-- killed in between left e-mails marked as sent that never were. E-mails written to the outbox
-- now get their row after the file (writing one again replaces it); e-mails sent by SMTP still
-- claim first (a message sent twice arrives twice), and `delivered` turns true once the mail
-- server accepted the message: a claim still false after its sender's time is up is an e-mail
-- that may never have been delivered, and is logged. Rows written before were all sent.
ALTER TABLE "sent_emails" ADD COLUMN "delivered" boolean DEFAULT true NOT NULL;
