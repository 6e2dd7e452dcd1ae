import {
  createContext,
  type Dispatch,
  type ReactNode,
  type SetStateAction,
  useContext,
  useEffect,
  useState,
} from 'react';
import { useLocation, useMatches } from 'react-router-dom';
import { applyHead, canonicalUrl, headOf, withOwnTitle } from '../lib/page-head';

/** A page's own title (a part's name), for the path it was set on. */
interface PageOverride {
  pathname: string;
  title: string;
  description?: string | undefined;
}

const OverrideContext = createContext<Dispatch<SetStateAction<PageOverride | undefined>>>(() => {});

/**
 * Where a page's own title goes while the store renders it (ssr/render-page.tsx): effects never
 * run there, so it is handed over as the page renders.
 */
export const ServerPageTitle = createContext<
  ((title: string, description: string | undefined) => void) | undefined
>(undefined);

/**
 * Sets the document head for every route from its `handle.head` (router.tsx), once, in the root
 * layout, so no page can forget it. A page whose title is known only once loaded uses
 * `usePageTitle` on top.
 */
export function PageHeadProvider({ children }: { children: ReactNode }) {
  const [override, setOverride] = useState<PageOverride>();
  const matches = useMatches();
  const { pathname, search } = useLocation();
  const routeHead = matches.map((match) => headOf(match.handle)).findLast(Boolean);
  const own = override?.pathname === pathname ? override : undefined;

  useEffect(() => {
    if (!routeHead) return;
    const head = withOwnTitle(routeHead, own);
    applyHead(head, canonicalUrl(window.location.origin, pathname, search, head));
  }, [routeHead, own, pathname, search]);

  return <OverrideContext.Provider value={setOverride}>{children}</OverrideContext.Provider>;
}

/**
 * The page's own title (and, on a public page, description) while it is shown, e.g. a part's
 * name once loaded: `usePageTitle(part?.name, part?.description)`. Undefined keeps the route's.
 */
export function usePageTitle(title: string | undefined, description?: string) {
  const onServer = useContext(ServerPageTitle);
  if (onServer && title) onServer(title, description);
  const setOverride = useContext(OverrideContext);
  const { pathname } = useLocation();
  useEffect(() => {
    if (!title) return;
    const mine: PageOverride = { pathname, title, description };
    setOverride(mine);
    return () => setOverride((current) => (current === mine ? undefined : current));
  }, [title, description, pathname, setOverride]);
}

/** The component form of `usePageTitle`. */
export function PageTitle({ title, description }: { title: string | undefined; description?: string }) {
  usePageTitle(title, description);
  return null;
}
