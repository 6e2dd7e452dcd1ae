/**
 * `/api/docs`: the OpenAPI document as a readable page, rendered on the server: no script, no
 * third-party bundle, so it runs under the store's CSP and works offline.
 */
type Json = Record<string, unknown>;

/** The document is plain JSON: read it without assuming its shape. */
const isJson = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const json = (value: unknown): Json => (isJson(value) ? value : {});

const escapeHtml = (text: unknown) => String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const block = (value: unknown) => `<pre><code>${escapeHtml(JSON.stringify(value, null, 2))}</code></pre>`;

function parameters(op: Json): string {
  const params = Array.isArray(op.parameters) ? op.parameters.filter(isJson) : [];
  if (params.length === 0) return '';
  const rows = params
    .map(
      (p) =>
        `<tr><td><code>${escapeHtml(p.name)}</code></td><td>${escapeHtml(p.in)}</td><td>${p.required ? 'yes' : 'no'}</td><td><code>${escapeHtml(JSON.stringify(p.schema))}</code></td></tr>`,
    )
    .join('');
  return `<h4>Parameters</h4><table><thead><tr><th scope="col">Name</th><th scope="col">In</th><th scope="col">Required</th><th scope="col">Schema</th></tr></thead><tbody>${rows}</tbody></table>`;
}

function content(label: string, body: Json | undefined): string {
  if (!isJson(body?.content)) return '';
  return Object.entries(body.content)
    .map(
      ([type, media]) =>
        `<details><summary>${escapeHtml(label)} (${escapeHtml(type)})</summary>${block(json(media).schema)}</details>`,
    )
    .join('');
}

export function renderReferencePage(document: Json): string {
  const operations = Object.entries(json(document.paths)).flatMap(([path, methods]) =>
    Object.entries(json(methods)).map(([method, operation]) => {
      const op = json(operation);
      const responses = Object.entries(json(op.responses))
        .map(
          ([status, r]) =>
            `<li><strong>${escapeHtml(status)}</strong> ${escapeHtml(json(r).description)}${content('Body', json(r))}</li>`,
        )
        .join('');
      const id = `${method}-${path}`.replace(/[^\w-]+/g, '-');
      return `<section id="${escapeHtml(id)}" aria-labelledby="${escapeHtml(id)}-h"><h3 id="${escapeHtml(id)}-h"><span class="m">${escapeHtml(method.toUpperCase())}</span> <code>${escapeHtml(path)}</code></h3><p>${escapeHtml(op.summary)}</p><p>${escapeHtml(op.description ?? '')}</p>${parameters(op)}${content('Request body', isJson(op.requestBody) ? op.requestBody : undefined)}<h4>Responses</h4><ul>${responses}</ul></section>`;
    }),
  );
  const info = json(document.info);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(info.title)} reference</title><style>body{font:16px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a}section{border-top:1px solid #ccc;padding:1rem 0}.m{display:inline-block;min-width:4.5rem;font-weight:700;color:#0b5394}pre{background:#f4f4f4;padding:.75rem;overflow:auto}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.25rem .5rem;text-align:left}</style></head><body><main><h1>${escapeHtml(info.title)} ${escapeHtml(info.version)}</h1><p>${escapeHtml(info.description)}</p><p>Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI ${escapeHtml(document.openapi)}).</p><h2>Routes</h2>${operations.join('')}</main></body></html>`;
}
