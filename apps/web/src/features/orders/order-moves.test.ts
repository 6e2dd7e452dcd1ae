import { ORDER_MOVES, orderStatusSchema } from '@store/shared';
import { describe, expect, it } from 'vitest';
import { describeBy, movesFor, moveTo } from './order-moves';

describe("the admin's moves", () => {
  it('offers exactly the moves of the shared table the server enforces, from each status', () => {
    for (const status of orderStatusSchema.options) {
      expect(movesFor(status).map((move) => move.to)).toEqual(ORDER_MOVES[status]);
    }
  });

  it('names each move for what it does and asks with the order number', () => {
    expect(movesFor('paid').map((move) => move.label)).toEqual([
      'Mark as shipped',
      'Mark as unpaid',
      'Cancel order',
    ]);
    expect(moveTo('paid')?.question('PD-100001')).toBe('Mark order PD-100001 as paid?');
    expect(moveTo('cancelled')?.question('PD-100001')).toMatch(/^Cancel order PD-100001\?/);
    expect(moveTo('cancelled')?.destructive).toBe(true);
    expect(moveTo('paid')?.destructive).toBe(false);
  });
});

describe('who changed an order', () => {
  it('shows a person by e-mail and the store by what it did', () => {
    expect(describeBy({ by: 'olive@example.com', status: 'paid' })).toBe('olive@example.com');
    expect(describeBy({ by: 'system', status: 'cancelled' })).toBe('Automatic (unpaid too long)');
    expect(describeBy({ by: 'system', status: 'paid' })).toBe('Automatic');
  });
});
