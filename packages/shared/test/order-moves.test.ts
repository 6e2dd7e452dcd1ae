import { describe, expect, it } from 'vitest';
import { statusesMovableTo } from '../src/order-moves.js';

describe("the admin's moves, by where they lead", () => {
  it('names the statuses each move leaves from (docs/decisions/010)', () => {
    expect(statusesMovableTo('paid')).toEqual(['unpaid']);
    expect(statusesMovableTo('shipped')).toEqual(['paid']);
    expect(statusesMovableTo('unpaid')).toEqual(['paid']);
    expect(statusesMovableTo('cancelled')).toEqual(['unpaid', 'paid']);
  });
});
