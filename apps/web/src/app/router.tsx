import { createBrowserRouter } from 'react-router-dom';
import { LoadingState } from '../components/ui/states';
import { RequireAdmin, RequireAuth } from '../features/auth';
import { RouteError } from '../features/errors/pages/route-error';
import { lazyRoute } from '../lib/lazy-route';
import { DashboardLayout } from './layout/dashboard-layout';
import { RootLayout } from './layout/root-layout';

const home = lazyRoute('home', () => import('../features/home/pages/home-page'));

/** Every page is its own chunk; only the layouts and guards ship in the entry. */
export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    // Shown while the first page's chunk loads.
    hydrateFallbackElement: <LoadingState label="Loading Parts Depot…" />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { path: '/', lazy: home },
          { path: '/home', lazy: home },
          {
            path: '/parts',
            lazy: lazyRoute('catalog', () => import('../features/parts/pages/catalog-page')),
          },
          {
            path: '/parts/:id',
            lazy: lazyRoute('part', () => import('../features/parts/pages/part-page')),
          },
          { path: '/blogs', lazy: lazyRoute('blogs', () => import('../features/blogs/pages/blogs-page')) },
          {
            path: '/portfolio',
            lazy: lazyRoute('portfolio', () => import('../features/portfolio/pages/portfolio-page')),
          },
          { path: '/login', lazy: lazyRoute('login', () => import('../features/auth/pages/login-page')) },
          {
            path: '/register',
            lazy: lazyRoute('register', () => import('../features/auth/pages/register-page')),
          },
          {
            element: <RequireAuth />,
            children: [
              {
                path: '/purchase/:id',
                lazy: lazyRoute('purchase', () => import('../features/purchase/pages/purchase-page')),
              },
              {
                path: '/dashboard',
                element: <DashboardLayout />,
                children: [
                  {
                    index: true,
                    lazy: lazyRoute('profile', () => import('../features/dashboard/pages/profile-page')),
                  },
                  {
                    path: 'myorders',
                    lazy: lazyRoute('my-orders', () => import('../features/orders/pages/my-orders-page')),
                  },
                  {
                    path: 'payment/:id',
                    lazy: lazyRoute('payment', () => import('../features/orders/pages/payment-page')),
                  },
                  // Its owner's or an admin's: the API answers 404 to anyone else.
                  {
                    path: 'orders/:id',
                    lazy: lazyRoute('order', () => import('../features/orders/pages/order-detail-page')),
                  },
                  {
                    path: 'orders/:id/invoice',
                    lazy: lazyRoute('invoice', () => import('../features/orders/pages/invoice-page')),
                  },
                  {
                    path: 'addreview',
                    lazy: lazyRoute('add-review', () => import('../features/reviews/pages/add-review-page')),
                  },
                  {
                    element: <RequireAdmin />,
                    children: [
                      {
                        path: 'addproduct',
                        lazy: lazyRoute(
                          'add-product',
                          () => import('../features/parts/pages/add-product-page'),
                        ),
                      },
                      {
                        path: 'manageproducts',
                        lazy: lazyRoute(
                          'manage-products',
                          () => import('../features/parts/pages/manage-products-page'),
                        ),
                      },
                      {
                        path: 'manageproducts/:id',
                        lazy: lazyRoute(
                          'edit-product',
                          () => import('../features/parts/pages/edit-product-page'),
                        ),
                      },
                      {
                        path: 'manageorders',
                        lazy: lazyRoute(
                          'manage-orders',
                          () => import('../features/orders/pages/manage-orders-page'),
                        ),
                      },
                      {
                        path: 'users',
                        lazy: lazyRoute('users', () => import('../features/users/pages/users-page')),
                      },
                      {
                        path: 'outbox',
                        lazy: lazyRoute('outbox', () => import('../features/outbox/pages/outbox-page')),
                      },
                    ],
                  },
                ],
              },
            ],
          },
          {
            path: '*',
            lazy: lazyRoute('not-found', () => import('../features/errors/pages/not-found-page')),
          },
        ],
      },
    ],
  },
]);
