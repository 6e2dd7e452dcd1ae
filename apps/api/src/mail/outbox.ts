import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { OutboxEmail } from '@store/shared';
import type { Page } from '../lib/pagination.js';
import { parseEml } from './eml.js';

/**
 * DATA_DIR/outbox: the e-mails a store without SMTP_URL would have sent, one `.eml` file each.
 * Names start with the time they were written (UTC, to the millisecond), so their order is the
 * order they were written in; a random tail keeps two written at once apart.
 */
const FILE_NAME = /^\d{8}T\d{9}Z-[0-9a-f]{8}\.eml$/;

export async function writeOutboxFile(dir: string, message: Buffer): Promise<string> {
  // Customers' names and addresses: the owner's alone, like the rest of DATA_DIR.
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const stamp = new Date().toISOString().replace(/[-:.]/g, '');
  const name = `${stamp}-${randomBytes(4).toString('hex')}.eml`;
  await writeFile(path.join(dir, name), message, { mode: 0o600, flag: 'wx' });
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
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { items: [], total: 0 };
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
