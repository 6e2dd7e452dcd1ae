import { type Access, apiContract, type RouteContract } from '@store/shared';
import { z } from 'zod';
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject } from 'zod-openapi';

/** Who may call, in the words the reference page and the document both use. */
export const accessText: Record<Access, string> = {
  anyone: 'Anyone.',
  'signed-in': 'Signed in: `Authorization: Bearer <API token>`.',
  admin: 'Admins only: `Authorization: Bearer <API token>` of an admin.',
  'id-token': 'The holder of a Firebase ID token for that e-mail: `Authorization: Bearer <ID token>`.',
};

const totalHeader = z.object({
  'X-Total-Count': z.string().meta({ description: 'How many items match, across all pages.' }),
});

/**
 * The catalog and the audit log also say where their next page is, and when a total stopped
 * counting at its cap.
 */
const catalogHeaders = totalHeader.extend({
  'X-Total-Count-Capped': z.literal('true').optional().meta({
    description: 'Present when a search stopped counting at its cap: at least `X-Total-Count` match.',
  }),
  Link: z.string().optional().meta({
    description: '`<…?cursor=…>; rel="next"` when more follow (a relevance-ranked search too).',
  }),
  'X-Next-Cursor': z.string().optional().meta({ description: 'The `cursor` of the next page, alone.' }),
  'X-Did-You-Mean': z.string().optional().meta({
    description:
      'A search with a word no known word begins with: the search as it likely meant it (percent-encoded), e.g. `graphics%20card` for `grafics card`.',
  }),
});

/** The lists paged by keyset, whose answers carry the next page's cursor. */
const KEYSET_LISTS = new Set(['/api/parts', '/api/audit']);

/** `/api/part/:id` → `/api/part/{id}`. */
export const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

function operation(route: RouteContract): ZodOpenApiOperationObject {
  const mediaType = route.multipart ? 'multipart/form-data' : (route.raw ?? 'application/json');
  return {
    summary: route.summary,
    description: [route.description, `Who may call: ${accessText[route.access]}`]
      .filter(Boolean)
      .join('\n\n'),
    ...(route.access !== 'anyone' && { security: [{ bearer: [] }] }),
    requestParams: {
      ...(route.params && { path: route.params }),
      ...(route.query && { query: route.query }),
      ...(route.headers && { header: route.headers }),
    },
    ...(route.body && { requestBody: { required: true, content: { [mediaType]: { schema: route.body } } } }),
    responses: Object.fromEntries(
      Object.entries(route.responses).map(([status, response]) => [
        status,
        {
          description: response.description,
          ...(response.schema && { content: { 'application/json': { schema: response.schema } } }),
          ...(route.list &&
            status.startsWith('2') && {
              headers: KEYSET_LISTS.has(route.path) ? catalogHeaders : totalHeader,
            }),
        },
      ]),
    ),
  };
}

/** The OpenAPI 3.1 document, generated from the shared contract: the same schemas the API runs. */
export function buildOpenApiDocument() {
  const paths: ZodOpenApiPathsObject = {};
  for (const route of apiContract) {
    const path = openApiPath(route.path);
    paths[path] = { ...paths[path], [route.method]: operation(route) };
  }
  return createDocument({
    openapi: '3.1.0',
    info: {
      title: 'Parts Depot API',
      version: '1.0.0',
      description:
        'The storefront’s API. Errors are `{ message, fields? }`; lists are JSON arrays with the total in `X-Total-Count`.',
    },
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
    },
    paths,
  });
}
