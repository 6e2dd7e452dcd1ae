import { describe, expect, it, vi } from 'vitest';
import './zod-jitless';

describe('zod-jitless', () => {
  it('makes zod parse objects without compiling code', async () => {
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);
    const spy = vi.spyOn(globalThis, 'Function');
    const schema = z.object({ a: z.string(), b: z.number() });
    expect(schema.parse({ a: 'x', b: 1 })).toEqual({ a: 'x', b: 1 });
    expect(spy).not.toHaveBeenCalled();
    spy.mockRestore();
  });
});
