-- A row in sent_emails marks an e-mail as sent. E-mails written to the outbox get their row after
-- the file (writing one again replaces it), so a store killed in between leaves no e-mail marked
-- as sent that never went out; e-mails sent by SMTP claim first (a message sent twice arrives
-- twice), and `delivered` turns true once the mail server accepts the message: a claim still
-- false after its sender's time is up is an e-mail that may never have been delivered, and is
-- logged. The rows already in the table are of e-mails that went out, hence the default.
ALTER TABLE "sent_emails" ADD COLUMN "delivered" boolean DEFAULT true NOT NULL;
