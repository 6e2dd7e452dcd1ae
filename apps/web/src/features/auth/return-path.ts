/** The router's state is whatever a page put there: read a field of it, if it has one. */
const fieldOf = (value: unknown, key: string): unknown =>
  typeof value === 'object' && value !== null
    ? Object.getOwnPropertyDescriptor(value, key)?.value
    : undefined;

const textOf = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * Where to go after signing in: the page the visitor came from, or home. `remembered`
 * is the page a visitor left by loading the sign-in page (lib/return-path.ts); the router's state
 * wins when both are there, as it is the newer.
 */
export function returnPath(state: unknown, remembered?: string): string {
  const from = fieldOf(state, 'from');
  const fromPath = textOf(fieldOf(from, 'pathname'));
  const path = fromPath
    ? `${fromPath}${textOf(fieldOf(from, 'search'))}${textOf(fieldOf(from, 'hash'))}`
    : remembered;
  if (!path?.startsWith('/') || path.startsWith('//')) return '/';
  const pathname = path.split(/[?#]/)[0];
  return pathname === '/login' || pathname === '/register' ? '/' : path;
}
