/// <reference types="vitest/config" />
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiTarget = process.env.VITE_DEV_API_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  build: {
    // The manifest lets scripts/bundle-size.mjs measure exactly what the home route loads.
    manifest: true,
    target: 'es2022',
  },
  server: {
    // The store also forwards the Auth emulator's sign-in endpoints (auth/emulator-proxy.ts).
    proxy: Object.fromEntries(
      ['/api', '/media', '/uploads', '/identitytoolkit.googleapis.com', '/securetoken.googleapis.com'].map(
        (prefix) => [prefix, apiTarget],
      ),
    ),
  },
  test: {
    include: ['src/**/*.test.ts'],
  },
});
