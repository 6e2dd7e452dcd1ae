/** What the shell uses of signing in and out: the routes' guards and the nav's sign-out. */
export { RequireAdmin, RequireAuth } from './guards';
export { useSignOut } from './use-sign-out';
