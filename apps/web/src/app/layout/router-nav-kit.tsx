import { type ReactNode, useCallback, useMemo } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import { useSignOut } from '../../features/auth';
import { type NavKit, NavKitProvider, type NavLinkProps } from './nav-kit';

/** The router's navigation, for the top bar inside the app (root-layout.tsx). */
export function RouterNavKit({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const endSession = useSignOut();
  const signOut = useCallback(() => void endSession(), [endSession]);
  const kit = useMemo<NavKit>(() => ({ pathname, NavLink: RouterNavLink, signOut }), [pathname, signOut]);
  return <NavKitProvider kit={kit}>{children}</NavKitProvider>;
}

function RouterNavLink({ to, end, className, children, returnHere }: NavLinkProps) {
  const location = useLocation();
  const onAuthPage = location.pathname === '/login' || location.pathname === '/register';
  // Between the sign-in pages, the page to come back to stays the one the visitor first left.
  const state = returnHere ? (onAuthPage ? location.state : { from: location }) : undefined;
  return (
    <NavLink to={to} end={end ?? false} className={className} state={state}>
      {children}
    </NavLink>
  );
}
