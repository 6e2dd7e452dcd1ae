import {
  EMULATOR_API_KEY,
  EMULATOR_APP_NAME,
  GOOGLE_STAND_IN_PATH,
  type GoogleStandInQuery,
} from '@store/shared';

/**
 * 'Continue with google' in the trial set-up: the Auth emulator's stand-in for Google's sign-in
 * page, under the store's own origin. This tab goes there, the person picks or makes up a Google
 * account, and the page files its answer in this tab's sessionStorage and comes back to the page
 * that sent it, which finishes the sign-in. Firebase's own popup and redirect would need Google's
 * script even with the emulator; this needs nothing from Google. Kept apart from lib/firebase so
 * that a page can look for an answer without loading the SDK.
 */

/** Where the stand-in page files its answer (firebase-tools' emulator: `<apiKey>:<appName>`). */
const ANSWER_KEY = `firebase:redirectEvent:${EMULATOR_API_KEY}:${EMULATOR_APP_NAME}`;

export type StandInReturn = GoogleStandInQuery['redirectUrl'];

/** The stand-in page, coming back to `back` (the page with the button) when done. */
export function googleStandInUrl(origin: string, back: StandInReturn): string {
  const query: GoogleStandInQuery = {
    apiKey: EMULATOR_API_KEY,
    appName: EMULATOR_APP_NAME,
    authType: 'signInViaRedirect',
    providerId: 'google.com',
    redirectUrl: back,
  };
  return `${origin}${GOOGLE_STAND_IN_PATH}?${new URLSearchParams(query)}`;
}

/** The made-up Google credential the stand-in page left for this tab, if any: taken once. */
export function takeGoogleStandInAnswer(): string | undefined {
  try {
    const stored = sessionStorage.getItem(ANSWER_KEY);
    if (!stored) return undefined;
    sessionStorage.removeItem(ANSWER_KEY);
    const answer: unknown = JSON.parse(stored);
    const urlResponse =
      typeof answer === 'object' && answer !== null && 'urlResponse' in answer
        ? answer.urlResponse
        : undefined;
    if (typeof urlResponse !== 'string') return undefined;
    return new URL(urlResponse).searchParams.get('id_token') ?? undefined;
  } catch {
    return undefined; // storage off or an answer it cannot read: the button is there to try again
  }
}
