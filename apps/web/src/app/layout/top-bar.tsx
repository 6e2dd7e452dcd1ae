import { cartButtonMessages, headMessages, navMessages as m } from '@store/shared';
import { type KeyboardEvent, type RefObject, useEffect, useRef, useState } from 'react';
import { island } from '../../components/island';
import { useNavKit } from '../../components/nav-kit';
import { CartButton } from '../../features/cart';
import { CategoryMenu } from '../../features/catalog';
import { useSessionUser } from '../../lib/session';

const linkClass = ({ isActive }: { isActive: boolean }) => (isActive ? 'menu-active font-semibold' : '');
const logoClass = () => 'flex items-center gap-2 whitespace-nowrap text-xl font-bold text-primary';

/**
 * Home, Blogs, Portfolio, Dashboard (signed in), the user's name, and Sign Out or Login.
 * `inMenu`: the phone's menu, a column with room for the whole name.
 */
function NavItems({ inMenu = false }: { inMenu?: boolean }) {
  const user = useSessionUser();
  const { NavLink, signOut } = useNavKit();
  return (
    <>
      <li>
        <NavLink to="/" end className={linkClass}>
          {m.home}
        </NavLink>
      </li>
      <li>
        <NavLink to="/parts" className={linkClass}>
          {m.parts}
        </NavLink>
      </li>
      <li>
        <CategoryMenu />
      </li>
      <li>
        <NavLink to="/blogs" className={linkClass}>
          {m.blogs}
        </NavLink>
      </li>
      <li>
        <NavLink to="/portfolio" className={linkClass}>
          {m.portfolio}
        </NavLink>
      </li>
      {user && (
        <li>
          <NavLink to="/dashboard" className={linkClass}>
            {m.dashboard}
          </NavLink>
        </li>
      )}
      {user && (
        <li>
          <NavLink to="/quick-order" className={linkClass}>
            {cartButtonMessages.quickOrder}
          </NavLink>
        </li>
      )}
      <li>
        <CartButton />
      </li>
      {user ? (
        <>
          <li className="menu-disabled min-w-0 xl:ml-2">
            {/* In the bar a long name is cut short (its whole text in the title, and read in full)
                so that the bar stays one line at 1024 px; in the phone's menu it wraps. */}
            <span
              className={
                inMenu
                  ? 'block whitespace-normal break-words font-semibold text-base-content'
                  : 'block max-w-16 truncate font-semibold text-base-content xl:max-w-56'
              }
              title={user.name}
              data-testid="user-name"
            >
              {user.name}
            </span>
          </li>
          <li>
            <button type="button" onClick={signOut}>
              {m.signOut}
            </button>
          </li>
        </>
      ) : (
        <li>
          <NavLink to="/login" returnHere className={linkClass}>
            {m.login}
          </NavLink>
        </li>
      )}
    </>
  );
}

/**
 * Publishes the bar's height as --top-bar-height (it grows when its items wrap), so toasts
 * (styles.css) open below it and never cover its controls. Read from the observer's own entries,
 * which come after layout: reading `offsetHeight` while the page mounts would force a layout of
 * the whole page in the middle of its first render (the start-up's longest task). Written as a
 * rule for the toasts alone: set on the document, the variable would restyle every element (a
 * 100 ms task on the home page under Lighthouse).
 */
function usePublishedHeight(ref: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    let published = '';
    const observer = new ResizeObserver(([entry]) => {
      const height = `${Math.round(entry?.borderBoxSize[0]?.blockSize ?? element.offsetHeight)}px`;
      if (height === published) return;
      published = height;
      toastRule().textContent = `.Toastify { --top-bar-height: ${height}; }`;
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
}

function toastRule(): HTMLStyleElement {
  const id = 'top-bar-height';
  const found = document.getElementById(id);
  if (found instanceof HTMLStyleElement) return found;
  const created = document.createElement('style');
  created.id = id;
  document.head.append(created);
  return created;
}

/**
 * Whether the menu was open in the top bar drawn last. On a rendered page a signed-in visitor's
 * island answers first, and the app then draws over it (islands.tsx): the menu stays as they left it.
 */
let menuLeftOpen = false;

export function TopBar() {
  const [menuOpen, setMenuOpen] = useState(() => menuLeftOpen);
  useEffect(() => {
    menuLeftOpen = menuOpen;
  }, [menuOpen]);
  const { pathname, NavLink } = useNavKit();
  const header = useRef<HTMLElement>(null);
  const menuButton = useRef<HTMLButtonElement>(null);
  usePublishedHeight(header);
  // Escape closes the menu and puts focus back on the button that opened it (not the page body).
  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    setMenuOpen(false);
    menuButton.current?.focus();
  };
  // A new page (a chosen link) closes the menu; the first drawing keeps it as it was left.
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    setMenuOpen(false);
  }, [pathname]);

  return (
    <header
      ref={header}
      className="sticky top-0 z-30 border-b border-base-300 bg-base-100/95 backdrop-blur print:hidden"
    >
      <nav aria-label={m.mainNav} className="navbar mx-auto max-w-7xl px-4">
        {/* The logo takes what it needs and the links the rest (daisyUI halves the bar). */}
        <div className="navbar-start w-auto shrink-0">
          <NavLink to="/" end className={logoClass}>
            <img src="/favicon.svg" alt="" width={32} height={32} />
            {headMessages.siteName}
          </NavLink>
        </div>
        <div className="navbar-end w-auto min-w-0 flex-1">
          {/* From 1024 px the links fit one line beside the logo; below, they fold into the menu. */}
          <ul className="menu menu-horizontal hidden flex-nowrap items-center gap-1 px-1 lg:flex">
            <NavItems />
          </ul>
          <div className="relative lg:hidden">
            <button
              ref={menuButton}
              type="button"
              className="btn btn-square btn-ghost"
              aria-label={menuOpen ? m.closeMenu : m.openMenu}
              aria-expanded={menuOpen}
              aria-controls="mobile-menu"
              onClick={() => setMenuOpen((open) => !open)}
              onKeyDown={closeOnEscape}
            >
              <svg
                width="24"
                height="24"
                viewBox="0 0 24 24"
                aria-hidden="true"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
              >
                <path
                  d={menuOpen ? 'M6 6l12 12M18 6L6 18' : 'M4 6h16M4 12h16M4 18h16'}
                  strokeLinecap="round"
                />
              </svg>
            </button>
            {menuOpen && (
              <ul
                id="mobile-menu"
                className="menu absolute right-0 z-40 mt-2 w-56 rounded-box bg-base-100 p-2 shadow-lg"
                onKeyDown={closeOnEscape}
              >
                <NavItems inMenu />
              </ul>
            )}
          </div>
        </div>
      </nav>
    </header>
  );
}

/** On a server-rendered page the bar is an island: the session and the phone menu live in it. */
export const TopBarIsland = island('top-bar', TopBar);
