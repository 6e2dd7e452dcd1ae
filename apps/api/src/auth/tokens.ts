import { createSecretKey } from 'node:crypto';
import jwt from 'jsonwebtoken';

/** Our API token: HS256, one day, naming the user by e-mail. Roles are never in it. */
export const TOKEN_LIFETIME_SECONDS = 24 * 60 * 60;

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
}

export interface TokenService {
  issue(subject: TokenSubject): string;
  /** Returns the holder, or undefined for a bad, expired, unsigned or pre-versioning token. */
  verify(token: string): TokenHolder | undefined;
}

export function createTokenService(secret: string): TokenService {
  // A key object made once: given the string, jsonwebtoken first tries it as a public key on every
  // call, and that failed attempt cost most of a millisecond per signed-in request.
  const key = createSecretKey(Buffer.from(secret, 'utf8'));
  return {
    issue: ({ email, name, tokenVersion, createdAt, emailVerified = false }) =>
      jwt.sign({ name, ver: tokenVersion, since: createdAt.getTime(), verified: emailVerified }, key, {
        algorithm: 'HS256',
        subject: email,
        expiresIn: TOKEN_LIFETIME_SECONDS,
      }),
    verify(token) {
      try {
        // Pinning the algorithm refuses `alg: none` and any asymmetric-key confusion.
        const payload = jwt.verify(token, key, { algorithms: ['HS256'] });
        if (typeof payload !== 'object') return undefined;
        const { sub, ver, since } = payload;
        if (typeof sub !== 'string' || !Number.isInteger(ver) || !Number.isInteger(since)) return undefined;
        return { email: sub, version: ver, since };
      } catch {
        return undefined;
      }
    },
  };
}

/** Whether a token still speaks for this row (same row, same version). */
export const tokenMatches = (holder: TokenHolder, row: Pick<TokenSubject, 'tokenVersion' | 'createdAt'>) =>
  holder.version === row.tokenVersion && holder.since === row.createdAt.getTime();
