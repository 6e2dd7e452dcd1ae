import type { Location } from 'react-router-dom';

/**
 * Where to go after signing in: the page the visitor came from (spec §2), or home. `remembered`
 * is the page a visitor left by loading the sign-in page (lib/return-path.ts); the router's state
 * wins when both are there, as it is the newer.
 */
export function returnPath(state: unknown, remembered?: string): string {
  const from = (state as { from?: Partial<Location> } | null)?.from;
  const path = from?.pathname ? `${from.pathname}${from.search ?? ''}${from.hash ?? ''}` : remembered;
  if (!path?.startsWith('/') || path.startsWith('//')) return '/';
  const pathname = path.split(/[?#]/)[0];
  return pathname === '/login' || pathname === '/register' ? '/' : path;
}
