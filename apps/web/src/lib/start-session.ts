import type { SignInResponse } from '@store/shared';
import { api } from './api';
import type { IdentityResult } from './firebase';
import { session } from './session';

/** A step run with a new token before it becomes the session's (the cart's merge, say). */
export type SignInStep = (bearer: string) => Promise<unknown>;

const signInSteps = new Set<SignInStep>();

/**
 * Adds a step to every sign-in. The shell registers them as the app starts (app/sign-in-steps.ts):
 * signing in is used by more than one feature, and what it sets off belongs to others still.
 */
export function runAtSignIn(step: SignInStep): void {
  signInSteps.add(step);
}

/**
 * Trades a Firebase ID token for our API token (PUT /api/user/:email) and starts the session. The
 * steps run first, with the new token, so the page drawn signed in already shows what they did (a
 * visitor's cart added to the account's, decision 041); a failed step never stops the sign-in.
 */
export async function startSession(identity: IdentityResult): Promise<SignInResponse> {
  const response = await api.users.signIn({
    params: { email: identity.email },
    bearer: identity.idToken,
    body: identity.name ? { name: identity.name } : {},
  });
  for (const step of signInSteps) await step(response.token).catch(() => undefined);
  session.set(response.token);
  return response;
}
