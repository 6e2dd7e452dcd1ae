import { apiMessages } from '@store/shared';
import { z } from 'zod';
import { Invalid, NotFound } from './domain-errors.js';

/**
 * Parses client input with its shared schema, or throws Invalid (a 400) whose `fields` carry
 * the first message for each field, the same messages the web form shows. An issue about the
 * input as a whole (not one field) is under `_`.
 */
export function parseInput<S extends z.ZodType>(
  schema: S,
  input: unknown,
  message: string = apiMessages.invalidInput,
): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const { formErrors, fieldErrors } = z.flattenError(result.error);
  const fields: Record<string, string> = {};
  for (const [key, messages] of Object.entries(fieldErrors)) {
    const first: unknown = Array.isArray(messages) ? messages[0] : undefined;
    if (typeof first === 'string' && first) fields[key] = first;
  }
  if (formErrors[0]) fields._ = formErrors[0];
  throw new Invalid(message, fields);
}

export const parseQuery = <S extends z.ZodType>(schema: S, query: unknown) =>
  parseInput(schema, query, apiMessages.invalidQuery);

/**
 * Path parameters name a resource: one that cannot be parsed (a malformed id) names none,
 * so it is answered like an unknown one, with the resource's "not found".
 */
export function parseParams<S extends z.ZodType>(schema: S, params: unknown, notFound: string): z.output<S> {
  const result = schema.safeParse(params);
  if (!result.success) throw new NotFound(notFound);
  return result.data;
}
