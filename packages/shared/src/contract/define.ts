import { z } from 'zod';
import { emailSchema, idSchema } from '../schemas/common.js';
import { apiErrorSchema } from '../schemas/responses.js';
import type { Access, FeatureName, RouteLine, RouteTable } from './route-table.js';

export interface ResponseContract {
  description: string;
  /** Absent: the answer has no JSON body worth describing. */
  schema?: z.ZodType;
}

/** What a route takes and answers, besides its line in the route table. */
export interface RouteSpec {
  summary: string;
  description?: string;
  params?: z.ZodObject;
  query?: z.ZodObject;
  /** Request headers the route reads (besides Authorization). */
  headers?: z.ZodObject;
  body?: z.ZodType;
  /**
   * A path parameter that fails its schema answers 404 with this message rather than 400: an id
   * that cannot exist names nothing, as an id that does not exist.
   */
  notFound?: string;
  responses: Record<number, ResponseContract>;
}

export const error = (description: string): ResponseContract => ({ description, schema: apiErrorSchema });
export const invalid = error('Invalid input: `fields` names each field and its message.');
export const notFound = error('Unknown, or malformed, id.');
export const conflict = error('The request conflicts with the current state (stock, status).');
const tooLarge = error('The request body is too large.');

/** Path parameters, parsed by the registrar with these very schemas. */
export const idParams = z.object({ id: idSchema.meta({ description: 'Opaque id (UUID)' }) });
export const emailParams = z.object({ email: emailSchema });

/** Answers every route may give besides its own, by who may call it. */
function common(access: Access): Record<number, ResponseContract> {
  const always = {
    503: error('A dependency (the database or identity provider) is down; retry after `Retry-After`.'),
  };
  if (access === 'anyone') return always;
  const unauthorised = { 401: error('No token, or a token that is expired, revoked or not ours.') };
  if (access === 'admin')
    return { ...always, ...unauthorised, 403: error('Only admins with a verified e-mail may do this.') };
  return { ...always, ...unauthorised };
}

/**
 * One line of the route table with its spec and the answers every route may give (401, 403, 413,
 * 503) merged in. A feature's contract file describes each of its lines once
 * (`satisfies FeatureContract<'orders'>` makes a missing, extra or swapped one a compile error).
 */
export function route<const L extends RouteLine, const S extends RouteSpec>(line: L, spec: S) {
  const responses: Record<number, ResponseContract> = { ...common(line.access) };
  if (spec.body && !line.multipart) responses[413] = tooLarge;
  return { ...line, ...spec, responses: { ...responses, ...spec.responses } };
}

/** One route: its line and its spec. */
export type RouteContract = RouteLine & RouteSpec;

/** A feature's contract: exactly its table's lines, each described. */
export type FeatureContract<F extends FeatureName> = {
  [K in keyof RouteTable[F]]: RouteTable[F][K] & RouteSpec;
};
