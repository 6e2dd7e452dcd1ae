/**
 * `/api/docs`: the OpenAPI document as a readable page, rendered on the server: no script, no
 * third-party bundle, so it runs under the store's CSP and works offline.
 */
type Json = Record<string, unknown>;

const escape = (text: unknown) => String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const block = (value: unknown) => `<pre><code>${escape(JSON.stringify(value, null, 2))}</code></pre>`;

function parameters(op: Json): string {
  const params = (op.parameters as Json[] | undefined) ?? [];
  if (params.length === 0) return '';
  const rows = params
    .map(
      (p) =>
        `<tr><td><code>${escape(p.name)}</code></td><td>${escape(p.in)}</td><td>${p.required ? 'yes' : 'no'}</td><td><code>${escape(JSON.stringify(p.schema))}</code></td></tr>`,
    )
    .join('');
  return `<h4>Parameters</h4><table><thead><tr><th scope="col">Name</th><th scope="col">In</th><th scope="col">Required</th><th scope="col">Schema</th></tr></thead><tbody>${rows}</tbody></table>`;
}

function content(label: string, body: Json | undefined): string {
  const media = body?.content as Record<string, { schema?: unknown }> | undefined;
  if (!media) return '';
  return Object.entries(media)
    .map(
      ([type, { schema }]) =>
        `<details><summary>${escape(label)} (${escape(type)})</summary>${block(schema)}</details>`,
    )
    .join('');
}

export function renderReferencePage(document: Json): string {
  const paths = document.paths as Record<string, Record<string, Json>>;
  const operations = Object.entries(paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => {
      const responses = Object.entries(op.responses as Record<string, Json>)
        .map(
          ([status, r]) =>
            `<li><strong>${escape(status)}</strong> ${escape(r.description)}${content('Body', r)}</li>`,
        )
        .join('');
      const id = `${method}-${path}`.replace(/[^\w-]+/g, '-');
      return `<section id="${escape(id)}" aria-labelledby="${escape(id)}-h"><h3 id="${escape(id)}-h"><span class="m">${escape(method.toUpperCase())}</span> <code>${escape(path)}</code></h3><p>${escape(op.summary)}</p><p>${escape(op.description ?? '')}</p>${parameters(op)}${content('Request body', op.requestBody as Json | undefined)}<h4>Responses</h4><ul>${responses}</ul></section>`;
    }),
  );
  const info = document.info as Json;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(info.title)} reference</title><style>body{font:16px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a}section{border-top:1px solid #ccc;padding:1rem 0}.m{display:inline-block;min-width:4.5rem;font-weight:700;color:#0b5394}pre{background:#f4f4f4;padding:.75rem;overflow:auto}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.25rem .5rem;text-align:left}</style></head><body><main><h1>${escape(info.title)} ${escape(info.version)}</h1><p>${escape(info.description)}</p><p>Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI ${escape(document.openapi)}).</p><h2>Routes</h2>${operations.join('')}</main></body></html>`;
}
