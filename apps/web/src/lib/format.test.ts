import { describe, expect, it } from 'vitest';
import { excerpt, formatPrice, formatQuantity } from './format';

describe('excerpt', () => {
  it('keeps a short text whole', () => {
    expect(excerpt('Fast and quiet.')).toBe('Fast and quiet.');
  });

  it('cuts to exactly 100 characters and marks the cut', () => {
    const text = 'x'.repeat(150);
    expect(excerpt(text)).toBe(`${'x'.repeat(100)}…`);
  });

  it('does not split a character made of two UTF-16 units', () => {
    const text = `${'a'.repeat(99)}😀tail`;
    expect(excerpt(text)).toBe(`${'a'.repeat(99)}😀…`);
  });
});

describe('formatting', () => {
  it('formats prices as dollars with cents', () => {
    expect(formatPrice(389.99)).toBe('$389.99');
    expect(formatPrice(1234.5)).toBe('$1,234.50');
  });

  it('groups quantities', () => {
    expect(formatQuantity(12500)).toBe('12,500');
  });
});
