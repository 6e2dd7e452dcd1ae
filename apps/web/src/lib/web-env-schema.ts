/**
 * The build environment's schema, on zod's small functional build: every API call waits for this
 * check (lib/env.ts), so it must not wait for all of zod and the answer schemas to download.
 */
import * as z from 'zod/mini';

const httpUrl = z.url({ protocol: /^https?$/ });

export const webEnvSchema = z.object({
  VITE_API_URL: z._default(z.union([httpUrl, z.literal('')]), ''),
  VITE_IMAGE_HOST_URL: z.optional(httpUrl),
  VITE_IMAGE_HOST_KEY: z._default(z.string(), ''),
});
