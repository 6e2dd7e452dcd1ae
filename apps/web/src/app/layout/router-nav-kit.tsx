import { type ReactNode, useMemo } from 'react';
import { NavLink, useLocation, useNavigate } from 'react-router-dom';
import { type NavKit, NavKitProvider, type NavLinkProps } from '../../components/nav-kit';
import { useSignOut } from '../../features/auth';

/** The router's navigation, for the islands inside the app (root-layout.tsx). */
export function RouterNavKit({ children }: { children: ReactNode }) {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const endSession = useSignOut();
  const kit = useMemo<NavKit>(
    () => ({
      pathname,
      search,
      NavLink: RouterNavLink,
      go: (to) => void navigate(to),
      back: () => void navigate(-1),
      signOut: () => void endSession(),
    }),
    [pathname, search, navigate, endSession],
  );
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
