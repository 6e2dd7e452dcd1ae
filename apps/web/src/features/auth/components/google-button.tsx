import { authPageMessages as m } from '@store/shared';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { type StandInReturn, takeGoogleStandInAnswer } from '../../../lib/google-stand-in';
import { startSession } from '../../../lib/start-session';

/**
 * 'Continue with google': Firebase's Google popup, then our token exchange. With the
 * trial's Auth emulator the tab goes to the emulator's stand-in for Google and comes back here,
 * where the sign-in finishes. `returnTo`: where signing in leads (the login page's return path).
 */
export function GoogleButton({
  onError,
  disabled,
  returnTo,
}: {
  onError: (error: unknown) => void;
  disabled?: boolean;
  returnTo?: string;
}) {
  const [busy, setBusy] = useState(false);
  const back: StandInReturn = useLocation().pathname === '/register' ? '/register' : '/login';
  // The latest handler, for the answer read once on arrival.
  const reportError = useRef(onError);
  reportError.current = onError;

  useEffect(() => {
    const idToken = takeGoogleStandInAnswer();
    if (!idToken) return;
    setBusy(true);
    (async () => {
      const { finishGoogleStandIn } = await import('../../../lib/firebase');
      await startSession(await finishGoogleStandIn(idToken));
    })()
      .catch((error: unknown) => reportError.current(error))
      .finally(() => setBusy(false));
  }, []);

  const continueWithGoogle = async () => {
    setBusy(true);
    try {
      const { signInWithGoogle } = await import('../../../lib/firebase');
      const identity = await signInWithGoogle(back, returnTo);
      // Undefined: the tab is leaving for the emulator's stand-in page, busy until it has gone.
      if (!identity) return;
      await startSession(identity);
    } catch (error) {
      onError(error);
    }
    setBusy(false);
  };
  return (
    <button
      type="button"
      className="btn btn-outline w-full"
      onClick={continueWithGoogle}
      disabled={disabled || busy}
    >
      <svg width="18" height="18" viewBox="0 0 48 48" aria-hidden="true">
        <path
          fill="#FFC107"
          d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.2-.1-2.3-.4-3.5z"
        />
        <path
          fill="#FF3D00"
          d="M6.3 14.7l6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z"
        />
        <path
          fill="#4CAF50"
          d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-8l-6.5 5C9.5 39.6 16.2 44 24 44z"
        />
        <path
          fill="#1976D2"
          d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.2-.1-2.3-.4-3.5z"
        />
      </svg>
      {busy ? m.openingGoogle : m.continueWithGoogle}
    </button>
  );
}
