import { NavLink, Outlet } from 'react-router-dom';
import { useAdminStatus } from '../../features/auth';

interface MenuItem {
  to: string;
  label: string;
  end?: boolean;
}

const everyone: MenuItem[] = [{ to: '/dashboard', label: 'My Profile', end: true }];
const customers: MenuItem[] = [
  { to: '/dashboard/myorders', label: 'My Orders' },
  { to: '/dashboard/addreview', label: 'Add Review' },
];
const admins: MenuItem[] = [
  { to: '/dashboard/addproduct', label: 'Add Product' },
  { to: '/dashboard/manageproducts', label: 'Manage Products' },
  { to: '/dashboard/manageorders', label: 'Manage Orders' },
  { to: '/dashboard/users', label: 'Make Admin' },
  // The e-mails a store without SMTP_URL writes instead of sending (issue 11).
  { to: '/dashboard/outbox', label: 'Outbox' },
];

/** The dashboard's side menu by role (spec §2): the role is asked of the API. */
export function DashboardLayout() {
  const admin = useAdminStatus();
  const items = admin.isSuccess ? [...everyone, ...(admin.data.admin ? admins : customers)] : everyone;

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-8 lg:flex-row">
      <aside className="lg:w-60 lg:shrink-0 print:hidden">
        <h1 className="mb-3 px-2 text-2xl font-bold">Dashboard</h1>
        <nav aria-label="Dashboard">
          <ul className="menu w-full gap-1 rounded-box bg-base-200 p-2" data-testid="dashboard-menu">
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
                  <span className="loading loading-dots loading-xs" aria-hidden="true" /> Loading menu…
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
