import { headMessages, navMessages } from '@store/shared';
import type { LoaderFunctionArgs, RouteObject } from 'react-router-dom';
import { LoadingState } from '../components/ui/states';
import { RequireAdmin, RequireAuth } from '../features/auth';
import { RouteError } from '../features/errors/pages/route-error';
import { lazyRoute } from '../lib/lazy-route';
import type { RouteHead } from '../lib/page-head';
import { queryClient } from '../lib/query-client';
import { prefetchAnswer } from './first-queries';
import { firstAnswersAt } from './first-views';
import { DashboardLayout } from './layout/dashboard-layout';
import { RootLayout } from './layout/root-layout';

const home = lazyRoute('home', () => import('../features/home/pages/home-page'));
const { titles, descriptions } = headMessages;
/** The route's document head (components/page-head.tsx); a description makes the page public. */
const head = (title: string, more: Omit<RouteHead, 'title'> = {}) => ({ head: { title, ...more } });
/** The store sends this page rendered to a visitor who opens it (lib/page-head.ts, decision 023). */
const onServer = <H extends object>(handle: H) => ({ ...handle, rendersOnServer: true as const });

/**
 * A public page's first requests start as its route matches, alongside its chunk, rather than once
 * the chunk has loaded and rendered: the largest paint of the catalog and of a part's page is a
 * part's image, which waits for them, and Lighthouse's budget counts that paint. They are the
 * answers the page declares (first-views.ts); nothing waits for these loaders: the pages read the
 * same queries from the cache, and a failure shows there.
 */
const firstData =
  (path: string) =>
  ({ params, request }: LoaderFunctionArgs): null => {
    for (const answer of firstAnswersAt(path, { params, search: new URL(request.url).searchParams })) {
      void prefetchAnswer(queryClient, answer);
    }
    return null;
  };

/**
 * Every page is its own chunk; only the layouts and guards ship in the entry. The browser's router
 * (router.tsx) and the store's server rendering (ssr/render-page.tsx) both use these.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    // Shown while the first page's chunk loads.
    hydrateFallbackElement: <LoadingState label={navMessages.loadingApp(headMessages.siteName)} />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          {
            path: '/',
            lazy: home,
            loader: firstData('/'),
            handle: onServer(head(titles.home, { description: descriptions.home })),
          },
          {
            path: '/home',
            lazy: home,
            loader: firstData('/home'),
            handle: onServer(head(titles.home, { description: descriptions.home, canonicalPath: '/' })),
          },
          {
            path: '/parts',
            handle: onServer(
              head(titles.catalog, { description: descriptions.catalog, canonicalParams: ['page'] }),
            ),
            lazy: lazyRoute('catalog', () => import('../features/parts/pages/catalog-page')),
            loader: firstData('/parts'),
          },
          {
            path: '/parts/:id',
            // Public: the page names itself after the part once it has loaded (usePageTitle).
            handle: onServer(head(titles.part, { description: descriptions.catalog })),
            lazy: lazyRoute('part', () => import('../features/parts/pages/part-page')),
            loader: firstData('/parts/:id'),
          },
          {
            // A category's parts and filters; it names itself once the tree has loaded.
            path: '/c/:slug',
            handle: onServer(
              head(titles.category, { description: descriptions.catalog, canonicalParams: ['page'] }),
            ),
            lazy: lazyRoute('category', () => import('../features/catalog/pages/category-page')),
            loader: firstData('/c/:slug'),
          },
          {
            path: '/compare',
            handle: head(titles.compare),
            lazy: lazyRoute('compare', () => import('../features/catalog/pages/compare-page')),
          },
          {
            path: '/blogs',
            handle: head(titles.blogs, { description: descriptions.blogs }),
            lazy: lazyRoute('blogs', () => import('../features/blogs/pages/blogs-page')),
          },
          {
            path: '/portfolio',
            handle: head(titles.portfolio, { description: descriptions.portfolio }),
            lazy: lazyRoute('portfolio', () => import('../features/portfolio/pages/portfolio-page')),
          },
          {
            // A visitor's cart is kept in the browser and shown here too (decision 041).
            path: '/cart',
            handle: head(titles.cart),
            lazy: lazyRoute('cart', () => import('../features/cart/pages/cart-page')),
          },
          {
            path: '/login',
            handle: head(titles.login),
            lazy: lazyRoute('login', () => import('../features/auth/pages/login-page')),
          },
          {
            path: '/register',
            handle: head(titles.register),
            lazy: lazyRoute('register', () => import('../features/auth/pages/register-page')),
          },
          {
            element: <RequireAuth />,
            children: [
              {
                path: '/quick-order',
                handle: head(titles.quickOrder),
                lazy: lazyRoute('quick-order', () => import('../features/cart/pages/quick-order-page')),
              },
              {
                path: '/purchase/:id',
                handle: head(titles.purchase),
                lazy: lazyRoute('purchase', () => import('../features/purchase/pages/purchase-page')),
              },
              {
                path: '/dashboard',
                element: <DashboardLayout />,
                children: [
                  {
                    index: true,
                    handle: head(titles.profile),
                    lazy: lazyRoute('profile', () => import('../features/dashboard/pages/profile-page')),
                  },
                  {
                    path: 'myorders',
                    handle: head(titles.myOrders),
                    lazy: lazyRoute('my-orders', () => import('../features/orders/pages/my-orders-page')),
                  },
                  {
                    path: 'payment/:id',
                    handle: head(titles.payment),
                    lazy: lazyRoute('payment', () => import('../features/orders/pages/payment-page')),
                  },
                  // Its owner's or an admin's: the API answers 404 to anyone else.
                  {
                    path: 'orders/:id',
                    handle: head(titles.order),
                    lazy: lazyRoute('order', () => import('../features/orders/pages/order-detail-page')),
                  },
                  {
                    path: 'orders/:id/invoice',
                    handle: head(titles.invoice),
                    lazy: lazyRoute('invoice', () => import('../features/orders/pages/invoice-page')),
                  },
                  {
                    path: 'addreview',
                    handle: head(titles.addReview),
                    lazy: lazyRoute('add-review', () => import('../features/reviews/pages/add-review-page')),
                  },
                  {
                    element: <RequireAdmin />,
                    children: [
                      {
                        path: 'overview',
                        handle: head(titles.overview),
                        lazy: lazyRoute('overview', () => import('../features/overview/pages/overview-page')),
                      },
                      {
                        path: 'addproduct',
                        handle: head(titles.addProduct),
                        lazy: lazyRoute(
                          'add-product',
                          () => import('../features/parts/pages/add-product-page'),
                        ),
                      },
                      {
                        path: 'manageproducts',
                        handle: head(titles.manageProducts),
                        lazy: lazyRoute(
                          'manage-products',
                          () => import('../features/parts/pages/manage-products-page'),
                        ),
                      },
                      {
                        path: 'manageproducts/:id',
                        handle: head(titles.editProduct),
                        lazy: lazyRoute(
                          'edit-product',
                          () => import('../features/parts/pages/edit-product-page'),
                        ),
                      },
                      {
                        path: 'manageorders',
                        handle: head(titles.manageOrders),
                        lazy: lazyRoute(
                          'manage-orders',
                          () => import('../features/orders/pages/manage-orders-page'),
                        ),
                      },
                      {
                        path: 'users',
                        handle: head(titles.users),
                        lazy: lazyRoute('users', () => import('../features/users/pages/users-page')),
                      },
                      {
                        path: 'import',
                        handle: head(titles.importProducts),
                        lazy: lazyRoute(
                          'import-products',
                          () => import('../features/catalog-admin/pages/import-products-page'),
                        ),
                      },
                      {
                        path: 'categories',
                        handle: head(titles.categories),
                        lazy: lazyRoute(
                          'categories',
                          () => import('../features/catalog-admin/pages/categories-page'),
                        ),
                      },
                      {
                        path: 'outbox',
                        handle: head(titles.outbox),
                        lazy: lazyRoute('outbox', () => import('../features/outbox/pages/outbox-page')),
                      },
                      {
                        path: 'audit',
                        handle: head(titles.audit),
                        lazy: lazyRoute('audit', () => import('../features/audit/pages/audit-log-page')),
                      },
                    ],
                  },
                ],
              },
            ],
          },
          {
            path: '*',
            handle: head(titles.notFound),
            lazy: lazyRoute('not-found', () => import('../features/errors/pages/not-found-page')),
          },
        ],
      },
    ],
  },
];
