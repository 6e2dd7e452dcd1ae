import { apiErrorSchema, findRoute, type RouteContract } from '@store/shared';
import type { RequestHandler } from 'express';
import { z } from 'zod';

/**
 * Checks every JSON answer against the shared contract (tests turn it on; production does
 * not pay for it): an undeclared status, a body that does not match its schema, or a list
 * without its total is reported, and the test that caused it fails. Other answers (a CSV, a
 * PDF, a page) are checked once sent: the route and status must be declared, without a JSON
 * schema.
 */
export function checkResponsesAgainstContract(report: (problem: string) => void): RequestHandler {
  return (req, res, next) => {
    // Mounted inside the /api router: its base is the prefix of every route pattern.
    const base = req.baseUrl;
    const json = res.json.bind(res);
    let answeredJson = false;
    res.on('finish', () => {
      if (answeredJson || !req.route) return;
      const problem = problemWithOther(req.method, `${base}${req.route.path}`, res.statusCode);
      if (problem) report(problem);
    });
    res.json = (body: unknown) => {
      answeredJson = true;
      const route = req.route ? findRoute(req.method, `${base}${req.route.path}`) : undefined;
      // A 500 is a bug whatever the route (tests that expect success fail on their own); it
      // must still be the plain error body, with no stack trace.
      const problem =
        req.route && res.statusCode !== 500
          ? route
            ? problemWith(route, res.statusCode, body, res.getHeader('X-Total-Count'))
            : `${req.method} ${base}${req.route.path} is not in the contract (packages/shared/src/contract.ts)`
          : // No route matched (unknown path, unreadable body) or a 500: still an error body.
            mismatch(
              apiErrorSchema,
              body,
              `${req.method} ${req.originalUrl.split('?')[0]} ${res.statusCode}`,
            );
      if (problem) report(problem);
      return json(body);
    };
    next();
  };
}

/** A body that is not JSON: the route and status must be declared, and not as JSON. */
function problemWithOther(method: string, path: string, status: number): string | undefined {
  // Express answers HEAD with the GET route.
  const route = findRoute(method === 'HEAD' ? 'GET' : method, path);
  if (!route) return `${method} ${path} is not in the contract (packages/shared/src/contract.ts)`;
  const declared = route.responses[status];
  const name = `${route.method.toUpperCase()} ${route.path} ${status}`;
  if (!declared) return `${name}: the contract does not list this status`;
  return declared.schema ? `${name}: the contract declares a JSON body, the answer is not JSON` : undefined;
}

function problemWith(
  route: RouteContract,
  status: number,
  body: unknown,
  total: unknown,
): string | undefined {
  const name = `${route.method.toUpperCase()} ${route.path} ${status}`;
  const declared = route.responses[status];
  if (!declared) return `${name}: the contract does not list this status`;
  if (route.list && status < 300 && total === undefined) return `${name}: a list without X-Total-Count`;
  return declared.schema ? mismatch(declared.schema, body, name) : undefined;
}

function mismatch(schema: z.ZodType, body: unknown, name: string): string | undefined {
  const result = schema.safeParse(body);
  return result.success
    ? undefined
    : `${name}: the answer does not match the contract\n${z.prettifyError(result.error)}`;
}
