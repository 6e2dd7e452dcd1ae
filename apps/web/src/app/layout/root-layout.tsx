import { navMessages as m } from '@store/shared';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router-dom';
import { PageHeadProvider } from '../../components/page-head';
import { Footer } from './footer';
import { RouterNavKit } from './router-nav-kit';
import { TopBarIsland } from './top-bar';

export function RootLayout() {
  const navigation = useNavigation();
  return (
    <PageHeadProvider>
      {/* The islands' navigation (components/nav-kit.tsx): the router's, in the app. */}
      <RouterNavKit>
        <div className="flex min-h-screen flex-col">
          <a
            href="#main"
            className="btn btn-primary btn-sm absolute left-2 top-2 z-50 -translate-y-20 focus:translate-y-0"
          >
            {m.skipToContent}
          </a>
          <TopBarIsland />
          {navigation.state === 'loading' && (
            <progress
              className="progress progress-primary fixed top-0 z-50 h-1 w-full"
              aria-label={m.loadingPage}
            />
          )}
          <main id="main" className="flex-1">
            <Outlet />
          </main>
          <Footer />
          <ScrollRestoration />
        </div>
      </RouterNavKit>
    </PageHeadProvider>
  );
}
