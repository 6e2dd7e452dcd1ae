import { describe, expect, it } from 'vitest';
import { orderLineMessages as m } from '../src/messages/order-lines.js';
import { orderMessages } from '../src/messages/orders.js';

describe('an order’s lines in words', () => {
  it.each([
    [1, '1 line'],
    [2, '2 lines'],
    [1200, '1,200 lines'],
  ])('%i line(s): %s', (count, words) => {
    expect(m.lineCount(count)).toBe(words);
  });

  it.each([
    [1, 1, 'The line was added to your cart at today’s prices.'],
    [3, 3, 'All 3 lines were added to your cart at today’s prices.'],
    [1, 2, '1 of 2 lines added to your cart at today’s prices; the other one could not be added.'],
    [2, 5, '2 of 5 lines added to your cart at today’s prices; the others could not be added.'],
    [0, 1, 'The line could not be added to your cart.'],
    [0, 4, 'No line could be added to your cart.'],
  ])('Order again: %i of %i added', (added, total, words) => {
    expect(m.reorderSummary(added, total)).toBe(words);
  });
});

describe('a multi-line order’s name', () => {
  it('fills in its template with a name taken as text', () => {
    expect(orderMessages.firstAndMore('RTX 5090', 2)).toBe('RTX 5090 and 2 more');
    // `$&` and `{more}` in a part's name are its own characters, not patterns or blanks.
    expect(orderMessages.firstAndMore('Cable $& {more}', 1)).toBe('Cable $& {more} and 1 more');
  });
});
