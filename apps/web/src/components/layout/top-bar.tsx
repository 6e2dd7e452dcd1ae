import { NavLink } from 'react-router-dom';

const links = [
  { to: '/', label: 'Home', end: true },
  { to: '/blogs', label: 'Blogs' },
  { to: '/portfolio', label: 'Portfolio' },
  { to: '/login', label: 'Login' },
];

const linkClass = ({ isActive }: { isActive: boolean }) => (isActive ? 'menu-active font-semibold' : '');

function NavItems() {
  return links.map((link) => (
    <li key={link.to}>
      <NavLink to={link.to} end={link.end} className={linkClass}>
        {link.label}
      </NavLink>
    </li>
  ));
}

/** Top bar (spec §2). The signed-in items (Dashboard, name, Sign Out) arrive with accounts. */
export function TopBar() {
  return (
    <header className="sticky top-0 z-30 border-b border-base-300 bg-base-100/95 backdrop-blur">
      <nav aria-label="Main" className="navbar mx-auto max-w-7xl px-4">
        <div className="navbar-start">
          <NavLink to="/" className="flex items-center gap-2 text-xl font-bold text-primary">
            <img src="/favicon.svg" alt="" width={32} height={32} />
            Parts Depot
          </NavLink>
        </div>
        <div className="navbar-end">
          <ul className="menu menu-horizontal hidden gap-1 px-1 md:flex">
            <NavItems />
          </ul>
          <details className="dropdown dropdown-end md:hidden">
            <summary className="btn btn-ghost" aria-label="Open menu">
              <svg
                width="24"
                height="24"
                viewBox="0 0 24 24"
                aria-hidden="true"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
              >
                <path d="M4 6h16M4 12h16M4 18h16" strokeLinecap="round" />
              </svg>
            </summary>
            <ul className="menu dropdown-content z-40 mt-2 w-52 rounded-box bg-base-100 p-2 shadow-lg">
              <NavItems />
            </ul>
          </details>
        </div>
      </nav>
    </header>
  );
}
