import { apiMessages } from '@store/shared';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Invalid, NotFound } from '../../src/lib/domain-errors.js';
import { parseInput, parseParams } from '../../src/lib/validate.js';

const schema = z
  .object({
    name: z
      .string()
      .min(2, 'too short')
      .regex(/^[a-z]+$/, 'letters only'),
    age: z.number('a number, please'),
  })
  .refine((value) => value.name !== 'root', 'not that one');

function thrownBy(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
}

describe('parseInput', () => {
  it('returns the parsed value', () => {
    expect(parseInput(schema, { name: 'ada', age: 36 })).toEqual({ name: 'ada', age: 36 });
  });

  it('throws Invalid with the first message of each field', () => {
    const error = thrownBy(() => parseInput(schema, { name: '1' }));
    expect(error).toBeInstanceOf(Invalid);
    expect(error).toMatchObject({
      message: apiMessages.invalidInput,
      fields: { name: 'too short', age: 'a number, please' },
    });
  });

  it('puts a message about the input as a whole under `_`', () => {
    expect(thrownBy(() => parseInput(schema, { name: 'root', age: 1 }))).toMatchObject({
      fields: { _: 'not that one' },
    });
  });
});

describe('parseParams', () => {
  const params = z.object({ id: z.uuid() });

  it('answers a malformed parameter as the resource not found', () => {
    const error = thrownBy(() => parseParams(params, { id: '42' }, apiMessages.partNotFound));
    expect(error).toBeInstanceOf(NotFound);
    expect(error).toMatchObject({ message: apiMessages.partNotFound });
  });

  it('returns well-formed parameters', () => {
    const id = '0b5f3a3e-8c1f-4c55-9f7e-2a1d3c4b5a69';
    expect(parseParams(params, { id }, apiMessages.partNotFound)).toEqual({ id });
  });
});
