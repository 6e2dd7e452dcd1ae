import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { OutboxEmail } from '@store/shared';
import type { Page } from '../lib/pagination.js';
import { codeOf } from '../lib/thrown.js';
import { parseEml } from './eml.js';

/**
 * DATA_DIR/outbox: the e-mails a store without SMTP_URL would have sent, one `.eml` file each.
 * A name is the time the e-mail was called for (UTC, to the millisecond), so names sort in that
 * order, then a hash of the e-mail's key: the same e-mail always gets the same name, and writing
 * it again replaces it, which lets the 'sent' mark follow the write. A name may instead end in 8
 * random hex digits, as earlier versions of the store wrote it; such files are listed too.
 */
const FILE_NAME = /^\d{8}T\d{9}Z-(?:[0-9a-f]{8}|[0-9a-f]{24})\.eml$/;

export function outboxFileName(key: string, at: Date): string {
  const stamp = at.toISOString().replace(/[-:.]/g, '');
  return `${stamp}-${createHash('sha256').update(key).digest('hex').slice(0, 24)}.eml`;
}

/**
 * Writes the e-mail `key` (repeat-safe): to a temporary file first, then renamed over its name
 * in one step, so a process killed halfway leaves either no file or the whole message, never a
 * torn one, and a second write leaves one file. (A temporary file of a killed write may stay
 * behind; its name starts with a dot and nothing lists it.)
 */
export async function writeOutboxFile(dir: string, key: string, at: Date, message: Buffer): Promise<string> {
  // Customers' names and addresses: the owner's alone, like the rest of DATA_DIR.
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const name = outboxFileName(key, at);
  const temporary = path.join(dir, `.${name}.${randomBytes(4).toString('hex')}.tmp`);
  try {
    await writeFile(temporary, message, { mode: 0o600, flag: 'wx' });
    await rename(temporary, path.join(dir, name));
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
  return name;
}

export interface OutboxStore {
  /** Newest first. */
  list(window: { offset: number; limit: number }): Promise<Page<OutboxEmail>>;
}

export function createOutboxStore(dir: string): OutboxStore {
  return {
    async list({ offset, limit }) {
      let names: string[];
      try {
        names = await readdir(dir);
      } catch (error) {
        // Nothing was ever written: no e-mails yet.
        if (codeOf(error) === 'ENOENT') return { items: [], total: 0 };
        throw error;
      }
      const emails = names.filter((name) => FILE_NAME.test(name)).sort((a, b) => b.localeCompare(a));
      const items = await Promise.all(
        emails.slice(offset, offset + limit).map(async (name) => ({
          id: name,
          ...parseEml(await readFile(path.join(dir, name), 'utf8')),
        })),
      );
      return { items, total: emails.length };
    },
  };
}
