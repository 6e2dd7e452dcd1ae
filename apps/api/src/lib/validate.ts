import { apiMessages } from '@store/shared';
import type { z } from 'zod';
import { HttpError } from './http-error.js';

/**
 * Parses client input with its shared schema, or throws a 400 whose `fields` carry the first
 * message for each field, the same messages the web form shows.
 */
export function parseInput<S extends z.ZodType>(
  schema: S,
  input: unknown,
  message: string = apiMessages.invalidInput,
): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.') || '_';
    fields[key] ??= issue.message;
  }
  throw new HttpError(400, message, fields);
}

export const parseQuery = <S extends z.ZodType>(schema: S, query: unknown) =>
  parseInput(schema, query, apiMessages.invalidQuery);
