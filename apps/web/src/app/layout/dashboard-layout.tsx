import { dashboardMenuMessages as m } from '@store/shared';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router-dom';
import { useAdminStatus } from '../../hooks/use-admin-status';

interface MenuItem {
  to: string;
  label: string;
  end?: boolean;
}

const profile: MenuItem = { to: '/dashboard', label: m.profile, end: true };
const customers: MenuItem[] = [
  profile,
  { to: '/dashboard/myorders', label: m.myOrders },
  { to: '/dashboard/addreview', label: m.addReview },
];
const admins: MenuItem[] = [
  // The owner's figures come first; My Profile keeps its address, after them.
  { to: '/dashboard/overview', label: m.overview },
  profile,
  { to: '/dashboard/addproduct', label: m.addProduct },
  { to: '/dashboard/manageproducts', label: m.manageProducts },
  { to: '/dashboard/categories', label: m.categories },
  { to: '/dashboard/import', label: m.importProducts },
  { to: '/dashboard/manageorders', label: m.manageOrders },
  { to: '/dashboard/users', label: m.users },
  // The e-mails a store without SMTP_URL writes instead of sending.
  { to: '/dashboard/outbox', label: m.outbox },
  // Every admin action, who did it and what it changed.
  { to: '/dashboard/audit', label: m.audit },
];

/**
 * The dashboard's side menu: a customer's links or an admin's, the role asked of the API. Under 1024 px it
 * folds behind a button: unfolded, an admin's links would push a phone's page 400 px down.
 */
export function DashboardLayout() {
  const admin = useAdminStatus();
  const items = admin.isSuccess ? (admin.data.admin ? admins : customers) : [profile];
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();
  // A chosen page folds the menu again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation on purpose
  useEffect(() => setOpen(false), [pathname]);
  // Escape folds it and puts focus back on the button (as the top bar's menu does).
  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    setOpen(false);
    toggle.current?.focus();
  };

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-8 lg:flex-row">
      <aside className="lg:w-60 lg:shrink-0 print:hidden" onKeyDown={closeOnEscape}>
        <div className="mb-3 flex items-center justify-between gap-2 px-2">
          <h1 className="text-2xl font-bold">{m.heading}</h1>
          <button
            ref={toggle}
            type="button"
            className="btn btn-outline btn-sm lg:hidden"
            aria-label={m.toggle}
            aria-expanded={open}
            aria-controls="dashboard-menu"
            onClick={() => setOpen((was) => !was)}
          >
            {m.menu}
            <svg
              width="16"
              height="16"
              viewBox="0 0 24 24"
              aria-hidden="true"
              fill="none"
              stroke="currentColor"
            >
              <path d={open ? 'M6 15l6-6 6 6' : 'M6 9l6 6 6-6'} strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </div>
        <nav aria-label={m.nav}>
          <ul
            id="dashboard-menu"
            className={`menu w-full gap-1 rounded-box bg-base-200 p-2 lg:flex ${open ? '' : 'hidden'}`}
            data-testid="dashboard-menu"
          >
            {items.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  end={item.end}
                  className={({ isActive }) => (isActive ? 'menu-active' : '')}
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
            {admin.isPending && (
              <li className="menu-disabled">
                <span>
                  <span className="loading loading-dots loading-xs" aria-hidden="true" /> {m.loading}
                </span>
              </li>
            )}
          </ul>
        </nav>
      </aside>
      <section className="min-w-0 flex-1">
        <Outlet />
      </section>
    </div>
  );
}
