import { createHash } from 'node:crypto';

/**
 * An account's e-mail as a rate-limit counter's key: compared as Firebase compares it (trimmed,
 * any case) and hashed, so no one's address is written to Redis.
 */
export function emailDigest(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('base64url');
}
