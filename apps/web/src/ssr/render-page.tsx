import { AsyncLocalStorage } from 'node:async_hooks';
import {
  headMessages,
  type RenderPage,
  type RenderPageOptions,
  type ServerRenderedPage,
} from '@store/shared';
import { dehydrate, type Query, QueryClient, QueryClientProvider, skipToken } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  type DataStrategyFunction,
  type StaticHandlerContext,
  StaticRouterProvider,
} from 'react-router-dom';
import { prefetchAnswer } from '../app/first-queries';
import { firstAnswersAt } from '../app/first-views';
import { routes } from '../app/routes';
import { PAGE_DATA_ELEMENT_ID, ServerRender } from '../components/island';
import { ServerPageTitle } from '../components/page-head';
import { ApiError, sendRequestsWith } from '../lib/api-client';
import { canonicalUrl, documentTitle, headOf, rendersOnServer, withOwnTitle } from '../lib/page-head';
import { readSettingsFrom } from '../lib/store-settings';

/**
 * The store's server rendering of the public pages (decision 023), built by `vite build --ssr`
 * into dist/server/ and called by the store (apps/api/src/lib/server-pages.ts). It renders the
 * same routes and components as the app, so the page a visitor opens is the page the app would
 * have drawn; the browser then runs only the page's islands (islands.tsx).
 */

/** Each render's own in-process fetch: renders overlap while they wait for their answers. */
const renderFetch = new AsyncLocalStorage<RenderPageOptions['fetch']>();
/** And its store's settings: prices are written in the store's money (decision 056). */
const renderSettings = new AsyncLocalStorage<RenderPageOptions['settings']>();
readSettingsFrom(() => renderSettings.getStore());
sendRequestsWith((input) => {
  const fetchHere = renderFetch.getStore();
  if (!fetchHere) return Promise.reject(new Error('the app fetched outside a server render'));
  // The store hands over fetch's own Responses (apps/api/src/lib/server-pages.ts).
  return fetchHere(String(input)).then((answer) => {
    if (answer instanceof Response) return answer;
    throw new Error('the store answered a render with something other than a fetch Response');
  });
});

const handler = createStaticHandler(routes);

/** The matched routes' code, loaded; not their loaders, which only start the browser's fetches. */
const codeOnly: DataStrategyFunction = async ({ matches }) =>
  Object.fromEntries(
    await Promise.all(matches.map(async (match) => [match.route.id, await match.resolve(async () => null)])),
  );

/**
 * A query a component makes only for a signed-in visitor is `skipToken` (or disabled): never one
 * the server fetches.
 */
const asked = (query: Query) =>
  query.options.queryFn !== skipToken && !('enabled' in query.options && query.options.enabled === false);

const UNAVAILABLE = { unavailable: true } as const;

export const renderPage: RenderPage = async (url, options) => {
  // Joined, not resolved: a path that starts with '//' is a path, not another host.
  const location = new URL(url.startsWith('/') ? `${options.origin}${url}` : url);
  const context = await handler.query(new Request(location), { dataStrategy: codeOnly });
  if (context instanceof Response || context.errors) return undefined;
  const route = context.matches.at(-1)?.route;
  if (!rendersOnServer(route?.handle)) return undefined;

  // Retries belong to the browser: a failed answer here sends the app, which tries again itself.
  // The render draws what was fetched before it: a page whose part was not found says so, rather
  // than starting to fetch it again (retryOnMount).
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, retryOnMount: false, staleTime: Infinity } },
  });
  let ownTitle: { title: string; description: string | undefined } | undefined;

  // The answers the page declares (app/first-views.ts, decision 038), fetched before it renders once.
  const at = { params: context.matches.at(-1)?.params ?? {}, search: location.searchParams };
  await renderFetch.run(options.fetch, () =>
    Promise.all(firstAnswersAt(route?.path, at).map((answer) => prefetchAnswer(queryClient, answer))),
  );
  let status: ServerRenderedPage['status'] = 200;
  for (const query of queryClient.getQueryCache().getAll()) {
    const { error } = query.state;
    if (error instanceof ApiError && error.status === 404) status = 404;
    else if (query.state.status !== 'success') return UNAVAILABLE;
  }
  const markup = renderSettings.run(options.settings, () =>
    renderToString(
      <Page
        context={context}
        queryClient={queryClient}
        onTitle={(title, description) => {
          ownTitle = { title, description };
        }}
      />,
    ),
  );
  // A query the page makes that it does not declare would be drawn loading: the app goes instead.
  if (
    queryClient
      .getQueryCache()
      .getAll()
      .some((query) => asked(query) && query.state.status === 'pending')
  ) {
    return UNAVAILABLE;
  }
  // '<' escaped: the answers hold catalog text, which must not close the element.
  const data = JSON.stringify(dehydrate(queryClient)).replaceAll('<', '\\u003c');
  const body = `${markup}<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">${data}</script>`;

  const head = withOwnTitle(headOf(route?.handle) ?? { title: headMessages.titles.notFound }, ownTitle);
  return {
    status,
    body,
    title: documentTitle(head),
    description: head.description ?? headMessages.descriptions.home,
    ...(head.description
      ? { canonical: canonicalUrl(options.origin, location.pathname, location.search, head) }
      : { robots: 'noindex' as const }),
  };
};

function Page({
  context,
  queryClient,
  onTitle,
}: {
  context: StaticHandlerContext;
  queryClient: QueryClient;
  onTitle: (title: string, description: string | undefined) => void;
}) {
  return (
    <ServerRender.Provider value={true}>
      <ServerPageTitle.Provider value={onTitle}>
        <QueryClientProvider client={queryClient}>
          <StaticRouterProvider
            router={createStaticRouter(handler.dataRoutes, context)}
            context={context}
            hydrate={false}
          />
        </QueryClientProvider>
      </ServerPageTitle.Provider>
    </ServerRender.Provider>
  );
}
