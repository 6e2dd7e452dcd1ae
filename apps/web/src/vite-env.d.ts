/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_API_URL?: string;
  readonly VITE_FIREBASE_API_KEY?: string;
  readonly VITE_FIREBASE_AUTH_DOMAIN?: string;
  readonly VITE_FIREBASE_PROJECT_ID?: string;
  readonly VITE_FIREBASE_APP_ID?: string;
  readonly VITE_FIREBASE_AUTH_EMULATOR_URL?: string;
}

interface ImportMetaEnv {
  /** An image host speaking the spec's protocol; defaults to the store's own /api/image. */
  readonly VITE_IMAGE_HOST_URL?: string;
  readonly VITE_IMAGE_HOST_KEY?: string;
}
