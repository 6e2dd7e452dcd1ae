/**
 * The page a visitor left to sign in, when they left it by loading the sign-in page (a link on a
 * server-rendered page) rather than through the router, whose navigation carries it in its state.
 * Kept for this tab only, and read once.
 */
const KEY = 'returnPath';

export function rememberReturnPath(path: string): void {
  try {
    sessionStorage.setItem(KEY, path);
  } catch {} // storage off: the visitor comes back to the home page
}

export function takeReturnPath(): string | undefined {
  try {
    const path = sessionStorage.getItem(KEY) ?? undefined;
    sessionStorage.removeItem(KEY);
    return path;
  } catch {
    return undefined;
  }
}
