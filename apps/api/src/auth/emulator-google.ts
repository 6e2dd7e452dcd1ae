import { createHash } from 'node:crypto';
import { isIP } from 'node:net';
import { apiMessages, GOOGLE_STAND_IN_PATH, googleStandInQuerySchema } from '@store/shared';
import type { Request, RequestHandler } from 'express';
import { IDENTITY_RETRY_AFTER_SECONDS } from './identity.js';

/**
 * 'Continue with google' in the trial set-up. The Auth emulator stands in for Google with a page
 * of its own (`/emulator/auth/handler`), where one picks or makes up a Google account, and
 * `accounts:signInWithIdp` then takes that made-up, unsigned credential as Google's word: whoever
 * can reach them can be anyone, and can see every such account the page lists. The emulator
 * itself listens on loopback, so a browser on the store's own machine can already do all that;
 * the store forwards the page and the call to such browsers only, and to nobody else.
 *
 * The page is the emulator's, served under the store's origin (the web app reads its answer from
 * this tab's sessionStorage when the page comes back), with a policy of its own: its one inline
 * script allowed by its hash, and nothing fetched but its style sheets and fonts.
 */

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

export const isLoopback = (address: string | undefined) =>
  address !== undefined && isIP(address) !== 0 && LOOPBACK.test(address);

/**
 * Whether the request comes from a browser on this machine: the connection from loopback, and
 * the client too when TRUST_PROXY names a proxy in front (a proxy on this machine forwards
 * everyone's requests over loopback).
 */
export const fromThisMachine = (req: Request): boolean =>
  isLoopback(req.socket.remoteAddress) && isLoopback(req.ip);

/** What a forwarded `accounts:signInWithIdp` may carry: Google's stand-in credential, nothing else. */
export function isGoogleStandInCall(body: Record<string, unknown>): boolean {
  const { requestUri, postBody } = body;
  if (typeof requestUri !== 'string' || typeof postBody !== 'string') return false;
  let uri: URL;
  try {
    uri = new URL(requestUri);
  } catch {
    return false;
  }
  // The emulator reads the provider from the URI, its fragment and the body, the later winning.
  const fragment = new URLSearchParams(uri.hash.replace(/^#/, ''));
  const providers = [
    uri.searchParams.get('providerId'),
    new URLSearchParams(postBody).get('providerId'),
    fragment.get('providerId'),
  ].filter((id) => id !== null);
  return providers.length > 0 && providers.every((id) => id.toLowerCase() === 'google.com');
}

/** The page's own scripts: loaded from elsewhere (one is), or written inline (one is). */
const EXTERNAL_SCRIPT = /<script\b[^>]*\bsrc=[^>]*>\s*<\/script>/gi;
const INLINE_SCRIPT = /<script>([\s\S]*?)<\/script>/gi;

const EMULATOR_TIMEOUT_MS = 10_000;

/**
 * GET of the stand-in page: refused (403) to other machines, 400 for any other query than the one
 * the web app sends, 503 when the emulator does not answer.
 */
export function googleStandInPage(emulatorHost: string): RequestHandler {
  return async (req, res) => {
    res.set('Cache-Control', 'no-store');
    if (!fromThisMachine(req)) {
      res.status(403).json({ message: apiMessages.googleStandInLocalOnly });
      return;
    }
    const query = googleStandInQuerySchema.safeParse(req.query);
    if (!query.success) {
      res.status(400).json({ message: apiMessages.invalidQuery });
      return;
    }
    const url = new URL(`http://${emulatorHost}${GOOGLE_STAND_IN_PATH}`);
    url.searchParams.set('apiKey', query.data.apiKey);
    url.searchParams.set('providerId', query.data.providerId);
    let page: string;
    try {
      const answer = await fetch(url, { signal: AbortSignal.timeout(EMULATOR_TIMEOUT_MS) });
      if (!answer.ok) throw new Error(`the emulator answered ${answer.status}`);
      page = await answer.text();
    } catch {
      res
        .set('Retry-After', String(IDENTITY_RETRY_AFTER_SECONDS))
        .status(503)
        .json({ message: apiMessages.identityUnavailable });
      return;
    }
    // Its component library, from a public CDN, only animates it: no script from elsewhere runs
    // under the store's origin, where the session's token lives. And the store's icon, which the
    // browser would otherwise ask for at /favicon.ico, in vain.
    const html = page
      .replace(EXTERNAL_SCRIPT, '')
      .replace(
        /<meta charset="utf-8">/i,
        (meta) => `${meta}\n<link rel="icon" type="image/svg+xml" href="/favicon.svg">`,
      );
    const hashes = [...html.matchAll(INLINE_SCRIPT)].map(
      ([, script]) =>
        `'sha256-${createHash('sha256')
          .update(script ?? '')
          .digest('base64')}'`,
    );
    res.set(
      'Content-Security-Policy',
      [
        "default-src 'none'",
        `script-src ${hashes.join(' ') || "'none'"}`,
        // Its style sheets and fonts come from public CDNs; its accounts' photos from anywhere.
        "style-src 'unsafe-inline' https:",
        'font-src https: data:',
        "img-src 'self' data: https:",
        "base-uri 'none'",
        "form-action 'none'",
        "frame-ancestors 'none'",
      ].join(';'),
    );
    res.type('html').send(html);
  };
}
