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
