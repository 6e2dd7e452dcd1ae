import { describe, expect, it } from 'vitest';
import { RenderGate } from '../../src/lib/render-gate.js';

describe('RenderGate', () => {
  it('admits a client its renders per minute, then again the next minute; others meanwhile', () => {
    let now = 0;
    const gate = new RenderGate({ concurrency: 10, perClientPerMinute: 2 }, () => now);
    gate.enter('a')?.();
    gate.enter('a')?.();
    expect(gate.enter('a')).toBeUndefined();
    expect(gate.enter('b')).toBeDefined();
    now += 60_000;
    expect(gate.enter('a')).toBeDefined();
  });

  it('admits as many at once as allowed; a slot is given back once, however often released', () => {
    const gate = new RenderGate({ concurrency: 2, perClientPerMinute: 100 });
    const first = gate.enter('a');
    const second = gate.enter('b');
    expect(gate.enter('c')).toBeUndefined();
    first?.();
    first?.();
    const third = gate.enter('c');
    expect(third).toBeDefined();
    expect(gate.enter('d')).toBeUndefined();
    second?.();
    third?.();
  });
});
