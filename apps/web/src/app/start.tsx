// First: configures zod before any schema is built (lib/zod-jitless.ts); then, before the
// router is made, the answers of a page the store rendered (server-page-data.ts).
import '../lib/zod-jitless';
import './server-page-data';
import { StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { webEnv } from '../lib/env';
import { keepSessionFresh } from '../lib/session-refresh';
import { loadStoreSettings } from '../lib/store-settings';
import { Providers } from './providers';
import { router } from './router';
import { overServerPage } from './server-page-data';
import { wireSignInSteps } from './sign-in-steps';

/**
 * Starts the app in #root: on index.html (main.tsx), and over a page the store rendered, for a
 * signed-in visitor (islands.tsx), whose islands `stopIslands` ends in the same task as the app
 * draws: the page is never seen without them.
 */
export async function startApp(stopIslands?: () => void): Promise<void> {
  // The app has started: index.html need not say it did not (vite-plugins/boot-watch.ts).
  clearTimeout(window.bootWatch);
  window.bootWatch = undefined;
  const root = document.getElementById('root');
  if (!root) throw new Error('the page has no #root element');

  // Every API call waits for the environment check and the answer checks (both lazy chunks):
  // asking for them now fetches them alongside the page's chunk instead of after it.
  webEnv().catch(() => undefined);
  import('../lib/answer-check').catch(() => undefined);
  keepSessionFresh();
  wireSignInSteps();

  // Prices are drawn in the store's currency from the first paint (decision 056).
  await loadStoreSettings();
  if (overServerPage) await routeReady();
  const app = (
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>
  );
  if (!stopIslands) {
    createRoot(root).render(app);
    return;
  }
  stopIslands();
  const appRoot = createRoot(root);
  flushSync(() => appRoot.render(app));
}

/**
 * On a page the store rendered (decision 023), a signed-in visitor's browser starts the app over
 * it (islands.tsx). It draws over the page once the route's code is in, from the answers the page
 * was rendered with (server-page-data.ts): the visitor never sees it replaced by a loading state.
 */
function routeReady(): Promise<void> {
  return new Promise((resolve) => {
    if (router.state.initialized) return resolve();
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}
