import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { rememberReturnPath } from '../lib/return-path';
import { signOutOfDocument } from '../lib/sign-out';

export interface NavLinkProps {
  to: string;
  /** Active on `to` itself only, not on the paths under it. */
  end?: boolean;
  className: (state: { isActive: boolean }) => string;
  children: ReactNode;
  /** The sign-in link: after signing in, the visitor comes back to the page they left. */
  returnHere?: boolean;
}

/**
 * What an island needs of navigation (the top bar, the catalog's controls). In the app, the
 * router's: links and choices change the page without loading it. On a page the store rendered
 * (decision 023) there is no router, only the document: links are plain links, a choice loads the
 * page it names, and signing out loads the sign-in page.
 */
export interface NavKit {
  pathname: string;
  /** The URL's query, with its '?' ('' for none). */
  search: string;
  NavLink: (props: NavLinkProps) => ReactNode;
  /** Shows the page at `to` (a path and query). */
  go: (to: string) => void;
  /** Back to the page before. */
  back: () => void;
  signOut: () => void;
}

const NavKitContext = createContext<NavKit | undefined>(undefined);

export function useNavKit(): NavKit {
  const kit = useContext(NavKitContext);
  if (!kit) throw new Error('the top bar needs a NavKitProvider');
  return kit;
}

export function NavKitProvider({ kit, children }: { kit: NavKit; children: ReactNode }) {
  return <NavKitContext.Provider value={kit}>{children}</NavKitContext.Provider>;
}

/** The document's navigation, for the islands of a server-rendered page (islands.tsx). */
export function DocumentNavKit({ children }: { children: ReactNode }) {
  const { pathname, search } = window.location;
  const kit = useMemo<NavKit>(
    () => ({
      pathname,
      search,
      NavLink: DocumentNavLink,
      go: (to) => window.location.assign(to),
      back: () => window.history.back(),
      signOut: () => void signOutOfDocument(),
    }),
    [pathname, search],
  );
  return <NavKitProvider kit={kit}>{children}</NavKitProvider>;
}

/** A plain link marked as the router's NavLink marks it: the same class and aria-current. */
function DocumentNavLink({ to, end, className, children, returnHere }: NavLinkProps) {
  const { pathname, search, hash } = window.location;
  const here = pathname.toLowerCase();
  const target = to.toLowerCase();
  const isActive = end || to === '/' ? here === target : here === target || here.startsWith(`${target}/`);
  return (
    <a
      href={to}
      className={className({ isActive })}
      aria-current={isActive ? 'page' : undefined}
      onClick={returnHere ? () => rememberReturnPath(`${pathname}${search}${hash}`) : undefined}
    >
      {children}
    </a>
  );
}
