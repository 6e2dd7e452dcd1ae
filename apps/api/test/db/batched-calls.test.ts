import { describe, expect, it } from 'vitest';
import { createPlacementBatch } from '../../src/features/orders/placement-batch.js';

/**
 * How placements are gathered into batches (features/orders/placement-batch.ts, decision 058),
 * with the database's two calls stood in by functions that record what they were given and
 * answer when the test says so.
 */
interface Request {
  email: string;
  n: number;
}

function recorder(leaveAlone: (r: Request) => boolean = () => false) {
  const calls: { kind: 'one' | 'many'; ns: number[]; finish: () => void; fail: (e: unknown) => void }[] = [];
  const call = <T>(kind: 'one' | 'many', ns: number[], answer: () => T) =>
    new Promise<T>((resolve, reject) => {
      calls.push({ kind, ns, finish: () => resolve(answer()), fail: reject });
    });
  const batch = createPlacementBatch<Request, string, string>({
    one: (request) => call('one', [request.n], () => `alone ${request.n}`),
    many: (requests) =>
      call(
        'many',
        requests.map((r) => r.n),
        () => requests.map((r) => (leaveAlone(r) ? undefined : `batched ${r.n}`)),
      ),
  });
  return { batch, calls };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));
const req = (n: number, email = `c${n}@example.com`) => ({ email, n });

describe('the placement batch', () => {
  it('sends a lone placement at once, alone, and two at once each alone', async () => {
    const { batch, calls } = recorder();
    const first = batch.place(req(1), 'rules');
    const second = batch.place(req(2), 'rules');
    await flush();
    expect(calls.map((c) => [c.kind, c.ns])).toEqual([
      ['one', [1]],
      ['one', [2]],
    ]);
    for (const c of calls) c.finish();
    expect([await first, await second]).toEqual(['alone 1', 'alone 2']);
  });

  it('gathers what arrives while two calls run into the next call, one per customer', async () => {
    const { batch, calls } = recorder();
    const answers = [
      batch.place(req(1), 'rules'),
      batch.place(req(2), 'rules'),
      batch.place(req(3), 'rules'),
      batch.place(req(4, 'same@example.com'), 'rules'),
      batch.place(req(5, 'same@example.com'), 'rules'),
      batch.place(req(6), 'rules'),
    ];
    await flush();
    expect(calls).toHaveLength(2);
    calls[0]?.finish();
    await flush();
    // The waiting four, but the same customer's second order: that one waits for the next call.
    expect(calls[2]).toMatchObject({ kind: 'many', ns: [3, 4, 6] });
    calls[1]?.finish();
    await flush();
    expect(calls[3]).toMatchObject({ kind: 'one', ns: [5] });
    for (const c of calls.slice(2)) c.finish();
    expect(await Promise.all(answers)).toEqual([
      'alone 1',
      'alone 2',
      'batched 3',
      'batched 4',
      'alone 5',
      'batched 6',
    ]);
  });

  it('places alone each request the batch left, and keeps other rules for another call', async () => {
    const { batch, calls } = recorder((r) => r.n === 4);
    const answers = [1, 2].map((n) => batch.place(req(n), 'rules'));
    answers.push(batch.place(req(3), 'rules'), batch.place(req(4), 'rules'), batch.place(req(5), 'other'));
    await flush();
    calls[0]?.finish();
    await flush();
    // The oldest's rules: the placement under other rules waits for a call of its own.
    expect(calls[2]).toMatchObject({ kind: 'many', ns: [3, 4] });
    calls[1]?.finish();
    await flush();
    expect(calls[3]).toMatchObject({ kind: 'one', ns: [5] });
    calls[2]?.finish();
    await flush();
    expect(calls[4]).toMatchObject({ kind: 'one', ns: [4] });
    for (const c of calls) c.finish();
    expect(await Promise.all(answers)).toEqual(['alone 1', 'alone 2', 'batched 3', 'alone 4', 'alone 5']);
  });

  it("fails every placement of a batch whose call failed, with the call's error", async () => {
    const { batch, calls } = recorder();
    const answers = [1, 2, 3, 4].map((n) => batch.place(req(n), 'rules').catch((e: Error) => e.message));
    await flush();
    calls[0]?.finish();
    calls[1]?.finish();
    await flush();
    expect(calls[2]).toMatchObject({ kind: 'many', ns: [3, 4] });
    calls[2]?.fail(new Error('the database is away'));
    expect(await Promise.all(answers)).toEqual([
      'alone 1',
      'alone 2',
      'the database is away',
      'the database is away',
    ]);
  });
});
