import { createSecretKey } from 'node:crypto';
import jwt from 'jsonwebtoken';

/**
 * Our API token: HS256, naming the user by e-mail; roles are never in it. It lives an hour and is
 * traded for a new one while valid (POST /api/session/refresh), but a sign-in lasts a day at
 * most: every token carries the time of the sign-in it descends from (`auth`) and never outlives
 * it by more than SESSION_LIFETIME_SECONDS (decision 028).
 */
export const TOKEN_LIFETIME_SECONDS = 60 * 60;
export const SESSION_LIFETIME_SECONDS = 24 * 60 * 60;

/** The user row a token is issued for. */
export interface TokenSubject {
  email: string;
  name: string;
  tokenVersion: number;
  createdAt: Date;
  /**
   * Whether the store knew the e-mail verified when it issued the token: shown by the web app
   * only, which trades a fresh ID token once the provider says verified and this does not.
   */
  emailVerified?: boolean;
}

/**
 * Which user row a token was issued for, and at which of its versions. The guard accepts it only
 * while both still match: a role change bumps the version, and a removed user who is restored
 * and signs up again gets a new row with a new creation time (its version starts again at 0).
 */
export interface TokenHolder {
  email: string;
  version: number;
  /** The row's `created_at`, in milliseconds. */
  since: number;
  /** When the sign-in this token descends from happened, in seconds since the epoch. */
  signedInAt: number;
}

export interface TokenService {
  /** A token for a new sign-in, or (`signedInAt`, seconds) a later one of the same sign-in. */
  issue(subject: TokenSubject, signedInAt?: number): string;
  /** Returns the holder, or undefined for a bad, expired, unsigned or pre-versioning token. */
  verify(token: string): TokenHolder | undefined;
}

/** `clock`: now, in milliseconds (tests move it). */
export function createTokenService(secret: string, clock: () => number = Date.now): TokenService {
  // A key object made once: given the string, jsonwebtoken first tries it as a public key on every
  // call, and that failed attempt cost most of a millisecond per signed-in request.
  const key = createSecretKey(Buffer.from(secret, 'utf8'));
  const nowSeconds = () => Math.floor(clock() / 1000);
  return {
    issue({ email, name, tokenVersion, createdAt, emailVerified = false }, signedInAt) {
      const iat = nowSeconds();
      const auth = signedInAt ?? iat;
      const exp = Math.min(iat + TOKEN_LIFETIME_SECONDS, auth + SESSION_LIFETIME_SECONDS);
      const claims = { name, ver: tokenVersion, since: createdAt.getTime(), verified: emailVerified, auth };
      return jwt.sign({ ...claims, iat, exp }, key, { algorithm: 'HS256', subject: email });
    },
    verify(token) {
      try {
        // Pinning the algorithm refuses `alg: none` and any asymmetric-key confusion.
        const now = nowSeconds();
        const payload = jwt.verify(token, key, { algorithms: ['HS256'], clockTimestamp: now });
        if (typeof payload !== 'object') return undefined;
        // Tokens issued before sessions had a cap carry no `auth`: their own issue time stands in.
        const { sub, ver, since, iat, auth = iat } = payload;
        if (typeof sub !== 'string' || !Number.isInteger(ver) || !Number.isInteger(since)) return undefined;
        // A day after the sign-in its session is over, whatever a token says (none says later).
        if (!Number.isInteger(auth) || auth + SESSION_LIFETIME_SECONDS <= now) return undefined;
        return { email: sub, version: ver, since, signedInAt: auth };
      } catch {
        return undefined;
      }
    },
  };
}

/** Whether a token still speaks for this row (same row, same version). */
export const tokenMatches = (holder: TokenHolder, row: Pick<TokenSubject, 'tokenVersion' | 'createdAt'>) =>
  holder.version === row.tokenVersion && holder.since === row.createdAt.getTime();
