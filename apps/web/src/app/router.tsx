import { createBrowserRouter } from 'react-router-dom';
import { RootLayout } from '../components/layout/root-layout';
import { RouteError } from '../features/errors/pages/route-error';
import { lazyRoute } from '../lib/lazy-route';

const home = lazyRoute('home', () => import('../features/home/pages/home-page'));

/** Every page is its own chunk; only the layout ships in the entry. */
export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { path: '/', lazy: home },
          { path: '/home', lazy: home },
          { path: '/blogs', lazy: lazyRoute('blogs', () => import('../features/blogs/pages/blogs-page')) },
          {
            path: '/portfolio',
            lazy: lazyRoute('portfolio', () => import('../features/portfolio/pages/portfolio-page')),
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
