/** What other parts of the app may use of signing in and out. */
export { authKeys, profileQuery, renameProfile, saveProfileDefaults, startSession } from './api';
export { describeAuthError } from './describe-auth-error';
export { RequireAdmin, RequireAuth } from './guards';
export { useAdminStatus } from './use-admin-status';
export { useSignOut } from './use-sign-out';
