import { describe, expect, it } from 'vitest';
import { createBatchedCalls, ROW_CHANGED } from '../../src/db/batched-calls.js';

/**
 * How calls are gathered into batches and retried (db/batched-calls.ts, decision 058), with the
 * database's two calls stood in by functions that record what they were given and answer, or
 * fail, when the test says so.
 */
interface Request {
  email: string;
  n: number;
}

function recorder(leaveAlone: (r: Request) => boolean = () => false) {
  const calls: {
    kind: 'one' | 'many';
    ns: number[];
    lockFirst?: boolean;
    finish: () => void;
    fail: (e: unknown) => void;
  }[] = [];
  const call = <T>(kind: 'one' | 'many', ns: number[], answer: () => T, lockFirst?: boolean) =>
    new Promise<T>((resolve, reject) => {
      calls.push({ kind, ns, lockFirst, finish: () => resolve(answer()), fail: reject });
    });
  const batch = createBatchedCalls<Request, string, string>({
    key: (request) => request.email,
    one: (request, _rules, { lockFirst }) =>
      call('one', [request.n], () => `alone ${request.n}${lockFirst ? ' locked' : ''}`, lockFirst),
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

describe('batched calls', () => {
  it('sends a lone placement at once, alone, and two at once each alone', async () => {
    const { batch, calls } = recorder();
    const first = batch.call(req(1), 'rules');
    const second = batch.call(req(2), 'rules');
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
      batch.call(req(1), 'rules'),
      batch.call(req(2), 'rules'),
      batch.call(req(3), 'rules'),
      batch.call(req(4, 'same@example.com'), 'rules'),
      batch.call(req(5, 'same@example.com'), 'rules'),
      batch.call(req(6), 'rules'),
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
    const answers = [1, 2].map((n) => batch.call(req(n), 'rules'));
    answers.push(batch.call(req(3), 'rules'), batch.call(req(4), 'rules'), batch.call(req(5), 'other'));
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

  /** Four requests: two alone, then the waiting two in one batch call, which is left to the test. */
  async function batchOfTwo() {
    const { batch, calls } = recorder();
    const answers = [1, 2, 3, 4].map((n) => batch.call(req(n), 'rules').catch((e: Error) => e.message));
    await flush();
    calls[0]?.finish();
    calls[1]?.finish();
    await flush();
    expect(calls[2]).toMatchObject({ kind: 'many', ns: [3, 4] });
    return { calls, answers };
  }

  it.each([
    ['cannot be reached', Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })],
    ['lost the connection mid-call', Object.assign(new Error('write EPIPE'), { code: 'EPIPE' })],
    ['answered what the store cannot read', new Error('an answer of another shape')],
  ])(
    "fails every request of a batch whose database %s, with the call's error, retrying none",
    async (_, error) => {
      const { calls, answers } = await batchOfTwo();
      calls[2]?.fail(error);
      expect(await Promise.all(answers)).toEqual(['alone 1', 'alone 2', error.message, error.message]);
      expect(calls).toHaveLength(3);
    },
  );

  it.each([
    ['a deadlock', '40P01'],
    ['a serialization failure', '40001'],
    ['a row that changed', ROW_CHANGED],
  ])('makes each request of a batch alone when the database refused it with %s', async (_, code) => {
    const { calls, answers } = await batchOfTwo();
    calls[2]?.fail(Object.assign(new Error('refused'), { code, severity: 'ERROR' }));
    await flush();
    expect(calls.slice(3).map((c) => [c.kind, c.ns, c.lockFirst])).toEqual([
      ['one', [3], false],
      ['one', [4], false],
    ]);
    for (const c of calls.slice(3)) c.finish();
    expect(await Promise.all(answers)).toEqual(['alone 1', 'alone 2', 'alone 3', 'alone 4']);
  });

  it('makes a call alone once more, locking first, when a row changed under it; other refusals are its answer', async () => {
    const { batch, calls } = recorder();
    const changed = batch.call(req(1), 'rules');
    const deadlocked = batch.alone(req(2), 'rules').catch((e: Error) => e.message);
    await flush();
    calls[0]?.fail(Object.assign(new Error('a part changed'), { code: ROW_CHANGED, severity: 'ERROR' }));
    calls[1]?.fail(Object.assign(new Error('deadlock detected'), { code: '40P01', severity: 'ERROR' }));
    await flush();
    expect(calls.slice(2).map((c) => [c.kind, c.ns, c.lockFirst])).toEqual([['one', [1], true]]);
    calls[2]?.finish();
    expect([await changed, await deadlocked]).toEqual(['alone 1 locked', 'deadlock detected']);
  });
});
