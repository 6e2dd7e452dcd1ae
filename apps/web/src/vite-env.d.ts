/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The store's origin when the web app is served from elsewhere; default: the page's own. */
  readonly VITE_API_URL?: string;
  /** Another image host speaking the protocol of `POST /api/image`; defaults to the store's own. */
  readonly VITE_IMAGE_HOST_URL?: string;
  readonly VITE_IMAGE_HOST_KEY?: string;
}

interface Window {
  /** index.html's timer that says the app did not start (vite-plugins/boot-watch.ts). */
  bootWatch?: number;
}
