import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The CSP sources ('sha256-…') of the inline scripts the built app's page runs: its watch for an
 * app that does not start (apps/web/vite-plugins/boot-watch.ts). Allowed by hash, not by
 * 'unsafe-inline', so an injected script still does not run. Read from the build, so the two
 * cannot differ; none without a build. A data element (type="application/json") is no script.
 */
export function inlineScriptSources(distDir: string | undefined): string[] {
  const indexHtml = distDir && path.join(distDir, 'index.html');
  if (!indexHtml || !existsSync(indexHtml)) return [];
  const sources: string[] = [];
  for (const [, attributes = '', code = ''] of readFileSync(indexHtml, 'utf8').matchAll(
    /<script\b([^>]*)>([\s\S]*?)<\/script>/g,
  )) {
    if (/\bsrc=|type="application\/json"/.test(attributes) || code === '') continue;
    sources.push(`'sha256-${createHash('sha256').update(code, 'utf8').digest('base64')}'`);
  }
  return sources;
}
