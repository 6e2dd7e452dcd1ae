import { apiMessages } from '@store/shared';
import express, { type Request, type Response, type Router } from 'express';
import { IDENTITY_RETRY_AFTER_SECONDS } from './identity.js';

/**
 * Forwards the Firebase Auth emulator's public sign-in endpoints under the store's own origin,
 * so the browser reaches the emulator wherever it reaches the store: any port, any device on the
 * network, any container. The web app points the Firebase SDK at the store's origin, and the SDK
 * then calls `<origin>/identitytoolkit.googleapis.com/v1/accounts:<call>` and
 * `<origin>/securetoken.googleapis.com/v1/token`.
 *
 * Only what a browser may do against the real Firebase, and only what the store's web app uses,
 * is forwarded. Everything else the emulator offers stays on loopback: its `/emulator/v1/`
 * endpoints (which list verification codes and wipe accounts), its project-scoped admin
 * endpoints, and the `Authorization: Bearer owner` header that makes any call an admin's.
 * `signInWithIdp` and `signInWithCustomToken` stay out too: the emulator accepts unsigned
 * Google credentials and custom tokens for them, so anyone could sign in as anyone.
 */
export interface EmulatorProxyOptions {
  /** host:port of the Auth emulator. */
  emulatorHost: string;
  /** Called after a call that changed an account succeeded (so the store can save them). */
  onAccountsChanged?: () => void;
}

/** The account calls forwarded, each with whether its success changes an account. */
const ACCOUNT_CALLS = new Map([
  ['accounts:signUp', true],
  ['accounts:signInWithPassword', false],
  ['accounts:lookup', false],
  ['accounts:update', true],
  ['accounts:delete', true],
  ['accounts:sendOobCode', false],
  ['accounts:resetPassword', true],
]);
const IDENTITY_TOOLKIT = '/identitytoolkit.googleapis.com';
const SECURE_TOKEN = '/securetoken.googleapis.com';

/** The SDK's requests are a few hundred bytes; nothing legitimate comes near this. */
const BODY_LIMIT = '32kb';
const EMULATOR_TIMEOUT_MS = 10_000;
/** Request headers the SDK sends that the emulator may use; never Authorization or cookies. */
const FORWARDED_HEADERS = ['content-type', 'x-client-version', 'x-firebase-locale', 'x-firebase-gmpid'];

export function emulatorProxy({ emulatorHost, onAccountsChanged }: EmulatorProxyOptions): Router {
  const router = express.Router();
  const readBody = express.raw({ type: () => true, limit: BODY_LIMIT });
  const notFound = (_req: Request, res: Response) => {
    res.status(404).json({ message: apiMessages.routeNotFound });
  };

  router.post(`${IDENTITY_TOOLKIT}/v1/:call`, readBody, async (req, res) => {
    const { call } = req.params;
    const changesAccounts = ACCOUNT_CALLS.get(call);
    if (changesAccounts === undefined) return notFound(req, res);
    const ok = await forward(req, res, `http://${emulatorHost}${IDENTITY_TOOLKIT}/v1/${call}`);
    if (ok && changesAccounts) onAccountsChanged?.();
  });
  router.post(`${SECURE_TOKEN}/v1/token`, readBody, async (req, res) => {
    await forward(req, res, `http://${emulatorHost}${SECURE_TOKEN}/v1/token`);
  });
  for (const prefix of [IDENTITY_TOOLKIT, SECURE_TOKEN, '/emulator']) {
    router.all([prefix, `${prefix}/*rest`], notFound);
  }
  return router;
}

/**
 * Sends the request on to `target` (a path we built, never the client's) with the SDK's `key`
 * as the only query parameter, and the emulator's answer back. True when it said 2xx.
 */
async function forward(req: Request, res: Response, target: string): Promise<boolean> {
  const url = new URL(target);
  if (typeof req.query.key === 'string') url.searchParams.set('key', req.query.key);
  const headers = new Headers();
  for (const name of FORWARDED_HEADERS) {
    const value = req.get(name);
    if (value) headers.set(name, value);
  }
  const body: Buffer | undefined = Buffer.isBuffer(req.body) && req.body.length > 0 ? req.body : undefined;
  let answer: globalThis.Response;
  let answerBody: ArrayBuffer;
  try {
    answer = await fetch(url, {
      method: 'POST',
      headers,
      ...(body && { body }),
      signal: AbortSignal.timeout(EMULATOR_TIMEOUT_MS),
    });
    answerBody = await answer.arrayBuffer();
  } catch {
    res
      .set('Retry-After', String(IDENTITY_RETRY_AFTER_SECONDS))
      .status(503)
      .json({ message: apiMessages.identityUnavailable });
    return false;
  }
  res.status(answer.status);
  res.set('Cache-Control', 'no-store');
  res.type(answer.headers.get('content-type') ?? 'application/json');
  res.send(Buffer.from(answerBody));
  return answer.ok;
}
