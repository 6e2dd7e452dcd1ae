import { describe, expect, it } from 'vitest';
import { idempotencyKeySchema, orderHeadersSchema, validationMessages } from '../src/index.js';

describe('Idempotency-Key', () => {
  it('accepts any printable ASCII string of 1 to 200 characters', () => {
    for (const key of ['a', '6f1c2a5e-9b7d-4c11-8e2f-0a1b2c3d4e5f', 'order 42 / try #1', '~'.repeat(200)]) {
      expect(idempotencyKeySchema.parse(key)).toBe(key);
    }
  });

  it('refuses an empty, too long, control-character or non-ASCII key, with one message', () => {
    for (const key of ['', 'k'.repeat(201), 'tab\there', 'line\nbreak', 'nul\u0000', 'café', 'del\u007f']) {
      const result = idempotencyKeySchema.safeParse(key);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(validationMessages.idempotencyKeyInvalid);
    }
  });

  it('is optional among the request headers, and only that header is kept', () => {
    expect(orderHeadersSchema.parse({ host: 'x', 'content-type': 'application/json' })).toEqual({});
    expect(orderHeadersSchema.parse({ 'idempotency-key': 'k1', host: 'x' })).toEqual({
      'idempotency-key': 'k1',
    });
  });
});
