import { api } from './api';
import { isDenied } from './api-client';
import { session } from './session';

/**
 * Keeps the signed-in session going without the person noticing: our API token lives an hour,
 * so a while before it expires it is traded for a new one (POST /api/session/refresh), until the
 * sign-in's day is over (decision 028). A refusal signs the person out (api-client's handler).
 */

/** Ahead of the expiry: a background tab runs its timers once a minute at most. */
const REFRESH_BEFORE_MS = 10 * 60_000;
/** After the store could not be reached (or was down), the next try. */
const RETRY_MS = 60_000;

let timer: ReturnType<typeof setTimeout> | undefined;
/**
 * The expiry of the token last sent for a refresh. A token that expires no later is the
 * session's last (the answer could not extend it): it is left to expire.
 */
let refreshedUpTo = 0;

function schedule(delayMs?: number) {
  clearTimeout(timer);
  const expiresAt = session.expiresAt();
  if (expiresAt === undefined || expiresAt <= refreshedUpTo) return;
  timer = setTimeout(refresh, delayMs ?? Math.max(0, expiresAt - REFRESH_BEFORE_MS - Date.now()));
}

async function refresh() {
  const token = session.token();
  if (!token) return;
  refreshedUpTo = session.expiresAt() ?? 0;
  try {
    const answer = await api.users.refreshSession();
    // Signed out, or another tab's new token arrived, meanwhile: that stands.
    if (session.token() === token) session.set(answer.token);
  } catch (error) {
    // Refused: the session is over, and the refusal signed the person out. Otherwise try again.
    if (!isDenied(error)) {
      refreshedUpTo = 0;
      schedule(RETRY_MS);
    }
  }
}

/** Started once with the app: follows every sign-in, sign-out and token change (other tabs' too). */
export function keepSessionFresh(): void {
  session.subscribe(() => schedule());
  schedule();
}
