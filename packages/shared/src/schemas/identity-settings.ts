import { z } from 'zod';

/**
 * How the web app reaches Firebase Auth, decided by the store at run time (never baked into the
 * build): a real project's public web settings, or the Auth emulator behind the store's own
 * origin. The store writes it into index.html and serves it at GET /api/auth-config.
 */
export const identitySettingsSchema = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('emulator'), projectId: z.string().min(1) }),
  z.object({
    mode: z.literal('firebase'),
    apiKey: z.string().min(1),
    authDomain: z.string().min(1),
    projectId: z.string().min(1),
    appId: z.string().min(1).optional(),
  }),
]);
export type IdentitySettings = z.infer<typeof identitySettingsSchema>;

/** The id of the `<script type="application/json">` element that carries them in index.html. */
export const IDENTITY_SETTINGS_ELEMENT_ID = 'identity-settings';

/**
 * With the emulator, the web app signs in under this API key (the emulator takes any) and the
 * SDK's default app name; the emulator's Google stand-in page files its answer under both.
 */
export const EMULATOR_API_KEY = 'demo-api-key';
export const EMULATOR_APP_NAME = '[DEFAULT]';

/**
 * The Auth emulator's stand-in for Google's sign-in page ('Continue with google' in the trial
 * set-up), which the store serves under its own origin to the browsers on its own machine.
 */
export const GOOGLE_STAND_IN_PATH = '/emulator/auth/handler';

/**
 * The one query the store serves that page with. The page reads it in the browser and goes to
 * `redirectUrl` when done, so only the pages that offer the button may be named.
 */
export const googleStandInQuerySchema = z.strictObject({
  apiKey: z.literal(EMULATOR_API_KEY),
  appName: z.literal(EMULATOR_APP_NAME),
  authType: z.literal('signInViaRedirect'),
  providerId: z.literal('google.com'),
  redirectUrl: z.enum(['/login', '/register']),
});
export type GoogleStandInQuery = z.infer<typeof googleStandInQuerySchema>;
