import { createHash } from 'node:crypto';

/**
 * JSON with every object's keys in sorted order, so two bodies that parse to the same values
 * write the same text whatever order their keys came in.
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * What an Idempotency-Key is bound to: the hex SHA-256 of the request as parsed (trimmed,
 * unknown fields dropped), so a repeat is judged on what the store would act on.
 */
export const requestHash = (parsed: unknown) =>
  createHash('sha256').update(canonicalJson(parsed)).digest('hex');
