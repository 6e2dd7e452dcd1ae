import { createRoot, type Root } from 'react-dom/client';
import './components/add-to-cart';
import { islandRenderer } from './components/island';
import { DocumentNavKit } from './components/nav-kit';
import { session } from './lib/session';
// The islands a server-rendered page may hold (importing them names them).
import './app/layout/top-bar';
import './features/catalog/islands';
import './features/parts/islands';
import './styles.css';

/**
 * The browser's part of a page the store sent rendered (decision 023): no router, no app, only
 * the page's interactive parts, each drawn again over its server markup from the props written
 * beside it. Drawn over, not hydrated: what the server could not know (the visitor's session
 * lives in this browser) is put right rather than assumed.
 */
// Live at once, for every visitor: a click on the page (opening the filters, say) must do what it
// says while the app's code is still on its way.
const islands = startIslands();
if (session.token()) {
  // A signed-in visitor's pages show their own things (the admin's actions among them): the app
  // takes the page over, starting from the answers it was drawn from (app/start.tsx), and the
  // islands stop as it draws. Should its code not load, the page keeps its islands.
  import('./app/start')
    .then(({ startApp }) =>
      startApp(() => {
        for (const root of islands) root.unmount();
      }),
    )
    .catch(() => undefined);
}

function startIslands(): Root[] {
  return [...document.querySelectorAll<HTMLElement>('[data-island]')].flatMap((element) => {
    const draw = islandRenderer(element.dataset.island ?? '');
    if (!draw) return [];
    const root = createRoot(element);
    root.render(<DocumentNavKit>{draw(element.dataset.props ?? '{}')}</DocumentNavKit>);
    return [root];
  });
}
