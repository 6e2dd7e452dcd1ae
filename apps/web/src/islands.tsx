import { createRoot } from 'react-dom/client';
import { islandRenderer } from './components/island';
import { DocumentNavKit } from './components/nav-kit';
import { session } from './lib/session';
// The islands a server-rendered page may hold (importing them names them).
import './app/layout/top-bar';
import './features/cart/islands';
import './features/catalog/islands';
import './features/parts/islands';
import './styles.css';

/**
 * The browser's part of a page the store sent rendered (decision 023): no router, no app, only
 * the page's interactive parts, each drawn again over its server markup from the props written
 * beside it. Drawn over, not hydrated: what the server could not know (the visitor's session
 * lives in this browser) is put right rather than assumed.
 */
if (session.token()) {
  // A signed-in visitor's pages show their own things (the admin's actions among them): the app
  // takes the page over, starting from the answers it was drawn from (app/start.tsx). Should its
  // code not load, the page keeps its islands.
  import('./app/start').then(({ startApp }) => startApp()).catch(startIslands);
} else {
  startIslands();
}

function startIslands() {
  for (const element of document.querySelectorAll<HTMLElement>('[data-island]')) {
    const draw = islandRenderer(element.dataset.island ?? '');
    if (!draw) continue;
    createRoot(element).render(<DocumentNavKit>{draw(element.dataset.props ?? '{}')}</DocumentNavKit>);
  }
}
