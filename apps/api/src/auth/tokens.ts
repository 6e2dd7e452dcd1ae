import jwt from 'jsonwebtoken';

/** Our API token: HS256, one day, naming the user by e-mail. Roles are never in it. */
export const TOKEN_LIFETIME_SECONDS = 24 * 60 * 60;

export interface TokenClaims {
  email: string;
  name: string;
}

export interface TokenService {
  issue(claims: TokenClaims): string;
  /** Returns the e-mail, or undefined for a bad, expired, or unsigned token. */
  verify(token: string): string | undefined;
}

export function createTokenService(secret: string): TokenService {
  return {
    issue: ({ email, name }) =>
      jwt.sign({ name }, secret, { algorithm: 'HS256', subject: email, expiresIn: TOKEN_LIFETIME_SECONDS }),
    verify(token) {
      try {
        // Pinning the algorithm refuses `alg: none` and any asymmetric-key confusion.
        const payload = jwt.verify(token, secret, { algorithms: ['HS256'] });
        return typeof payload === 'object' && typeof payload.sub === 'string' ? payload.sub : undefined;
      } catch {
        return undefined;
      }
    },
  };
}
