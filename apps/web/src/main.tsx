// First: configures zod before any schema is built (lib/zod-jitless.ts).
import './lib/zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { Providers } from './app/providers';
import { router } from './app/router';
import { webEnv } from './lib/env';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// Every API call waits for the environment check and the answer schemas (both lazy chunks):
// asking for them now fetches them alongside the page's chunk instead of after it.
webEnv().catch(() => undefined);
import('./lib/answer-schemas').catch(() => undefined);

createRoot(root).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
