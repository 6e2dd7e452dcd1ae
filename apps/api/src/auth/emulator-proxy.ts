import { apiMessages, GOOGLE_STAND_IN_PATH } from '@store/shared';
import express, { type Request, type RequestHandler, type Response, type Router } from 'express';
import { fieldOf } from '../lib/thrown.js';
import { fromThisMachine, googleStandInPage, isGoogleStandInCall } from './emulator-google.js';
import {
  type ForwardedCallLimits,
  firebaseError,
  forwardedCallLimiters,
  parsedCall,
} from './emulator-proxy-limits.js';
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
 * `signInWithCustomToken` stays out too: the emulator accepts unsigned custom tokens, so anyone
 * could sign in as anyone. So would `signInWithIdp` with its unsigned Google credentials: it and
 * the emulator's Google stand-in page are forwarded to browsers on the store's own machine only,
 * which reach the emulator anyway (emulator-google.ts).
 *
 * Every forwarded call counts toward the sign-in limit (emulator-proxy-limits.ts), and a failed
 * sign-in or a password reset answers the same whether or not the account exists.
 * Sign-up still says EMAIL_EXISTS: the registration form needs it (docs/decisions/025).
 */
export interface EmulatorProxyOptions {
  /** host:port of the Auth emulator. */
  emulatorHost: string;
  /** Called after a call that changed an account succeeded (so the store can save them). */
  onAccountsChanged?: () => void;
  /** AUTH_RATE_LIMIT: calls per client address, and per account, per 15 minutes. */
  limit?: number;
  /** Where the counts are kept (Redis, shared by every instance); in this process otherwise. */
  stores?: ForwardedCallLimits['stores'];
}

/** AUTH_RATE_LIMIT's default, for a router made without the store's settings. */
const DEFAULT_LIMIT = 60;

/** The account calls forwarded, each with whether its success changes an account. */
const ACCOUNT_CALLS = new Map([
  ['accounts:signUp', true],
  ['accounts:signInWithPassword', false],
  ['accounts:lookup', false],
  ['accounts:update', true],
  ['accounts:delete', true],
  ['accounts:sendOobCode', false],
  ['accounts:resetPassword', true],
  ['accounts:signInWithIdp', true],
]);
const IDENTITY_TOOLKIT = '/identitytoolkit.googleapis.com';
const SECURE_TOKEN = '/securetoken.googleapis.com';

/** The SDK's requests are a few hundred bytes; nothing legitimate comes near this. */
const BODY_LIMIT = '32kb';
const EMULATOR_TIMEOUT_MS = 10_000;
/** Request headers the SDK sends that the emulator may use; never Authorization or cookies. */
const FORWARDED_HEADERS = ['content-type', 'x-client-version', 'x-firebase-locale', 'x-firebase-gmpid'];

/**
 * The emulator's answers to a failed sign-in that tell an unknown e-mail from a wrong password:
 * each becomes INVALID_LOGIN_CREDENTIALS, as real Firebase answers with e-mail enumeration
 * protection (and as the web SDK reads as auth/invalid-credential, the login page's one message).
 */
const FAILED_SIGN_IN = new Set(['EMAIL_NOT_FOUND', 'INVALID_PASSWORD', 'INVALID_LOGIN_CREDENTIALS']);

/** What the emulator answered. */
interface EmulatorAnswer {
  status: number;
  contentType: string;
  body: Buffer;
}

export function emulatorProxy({
  emulatorHost,
  onAccountsChanged,
  limit = DEFAULT_LIMIT,
  stores,
}: EmulatorProxyOptions): Router {
  const router = express.Router();
  const readBody = express.raw({ type: () => true, limit: BODY_LIMIT });
  const limited = forwardedCallLimiters({ limit, ...(stores && { stores }) });
  const notFound = (_req: Request, res: Response) => {
    res.status(404).json({ message: apiMessages.routeNotFound });
  };
  const knownCall: RequestHandler = (req, res, next) => {
    if (ACCOUNT_CALLS.has(String(req.params.call))) next();
    else notFound(req, res);
  };
  /**
   * The identity toolkit's calls are JSON (the emulator refuses anything else): parsed here, so
   * that what is counted per account is what the emulator is sent, re-serialized.
   */
  const parseCall: RequestHandler = (req, res, next) => {
    const raw = Buffer.isBuffer(req.body) ? req.body.toString('utf8') : '';
    let parsed: unknown;
    try {
      parsed = raw.trim() ? JSON.parse(raw) : {};
    } catch {}
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      res.status(400).set('Cache-Control', 'no-store').json(firebaseError(400, 'INVALID_JSON'));
      return;
    }
    // An e-mail the account count cannot read (a list, an object) is not the emulator's to read.
    if ('email' in parsed && typeof parsed.email !== 'string') {
      res.status(400).set('Cache-Control', 'no-store').json(firebaseError(400, 'INVALID_EMAIL'));
      return;
    }
    res.locals.forwardedCall = parsed;
    next();
  };

  router.post(
    `${IDENTITY_TOOLKIT}/v1/:call`,
    readBody,
    knownCall,
    parseCall,
    ...limited,
    async (req, res) => {
      const call = String(req.params.call);
      const body = parsedCall(res) ?? {};
      if (call === 'accounts:signInWithIdp' && !(fromThisMachine(req) && isGoogleStandInCall(body))) {
        res.status(400).set('Cache-Control', 'no-store').json(firebaseError(400, 'OPERATION_NOT_ALLOWED'));
        return;
      }
      const answer = await forward(req, res, `http://${emulatorHost}${IDENTITY_TOOLKIT}/v1/${call}`, body);
      if (!answer) return;
      const code = errorCode(answer);
      if (call === 'accounts:signInWithPassword' && FAILED_SIGN_IN.has(code)) {
        res
          .status(400)
          .set('Cache-Control', 'no-store')
          .json(firebaseError(400, 'INVALID_LOGIN_CREDENTIALS'));
        return;
      }
      if (
        call === 'accounts:sendOobCode' &&
        body.requestType === 'PASSWORD_RESET' &&
        typeof body.email === 'string' &&
        (answer.status === 200 || code === 'EMAIL_NOT_FOUND')
      ) {
        // The same answer whether or not there is an account to reset (real Firebase's, with
        // e-mail enumeration protection): written by us both times, so nothing else differs.
        res
          .status(200)
          .set('Cache-Control', 'no-store')
          .json({ kind: 'identitytoolkit#GetOobConfirmationCodeResponse', email: body.email });
        return;
      }
      send(res, answer);
      if (answer.status >= 200 && answer.status < 300 && ACCOUNT_CALLS.get(call)) onAccountsChanged?.();
    },
  );
  router.post(`${SECURE_TOKEN}/v1/token`, readBody, ...limited, async (req, res) => {
    const raw: Buffer | undefined = Buffer.isBuffer(req.body) && req.body.length > 0 ? req.body : undefined;
    const answer = await forward(req, res, `http://${emulatorHost}${SECURE_TOKEN}/v1/token`, raw);
    if (answer) send(res, answer);
  });
  router.get(GOOGLE_STAND_IN_PATH, ...limited, googleStandInPage(emulatorHost));
  for (const prefix of [IDENTITY_TOOLKIT, SECURE_TOKEN, '/emulator']) {
    router.all([prefix, `${prefix}/*rest`], notFound);
  }
  return router;
}

/** The error code of a Firebase error answer (`INVALID_PASSWORD : detail` → `INVALID_PASSWORD`). */
function errorCode(answer: EmulatorAnswer): string {
  if (answer.status < 400) return '';
  try {
    const message = fieldOf(fieldOf(JSON.parse(answer.body.toString('utf8')), 'error'), 'message');
    return typeof message === 'string' ? (message.split(' : ')[0] ?? '') : '';
  } catch {
    return '';
  }
}

function send(res: Response, answer: EmulatorAnswer) {
  res.status(answer.status);
  res.set('Cache-Control', 'no-store');
  res.type(answer.contentType);
  res.send(answer.body);
}

/**
 * Sends the request on to `target` (a path we built, never the client's) with the SDK's `key`
 * as the only query parameter: `body` as JSON when it is the parsed call, else as it came. The
 * emulator's answer, or undefined once a 503 was sent because it did not give one.
 */
async function forward(
  req: Request,
  res: Response,
  target: string,
  body: Record<string, unknown> | Buffer | undefined,
): Promise<EmulatorAnswer | undefined> {
  const url = new URL(target);
  if (typeof req.query.key === 'string') url.searchParams.set('key', req.query.key);
  const headers = new Headers();
  for (const name of FORWARDED_HEADERS) {
    const value = req.get(name);
    if (value) headers.set(name, value);
  }
  const payload = body === undefined || Buffer.isBuffer(body) ? body : Buffer.from(JSON.stringify(body));
  if (payload && !Buffer.isBuffer(body)) headers.set('content-type', 'application/json');
  try {
    const answer = await fetch(url, {
      method: 'POST',
      headers,
      ...(payload && { body: payload }),
      signal: AbortSignal.timeout(EMULATOR_TIMEOUT_MS),
    });
    return {
      status: answer.status,
      contentType: answer.headers.get('content-type') ?? 'application/json',
      body: Buffer.from(await answer.arrayBuffer()),
    };
  } catch {
    res
      .set('Retry-After', String(IDENTITY_RETRY_AFTER_SECONDS))
      .status(503)
      .json({ message: apiMessages.identityUnavailable });
    return undefined;
  }
}
