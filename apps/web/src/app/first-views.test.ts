import { QueryClient } from '@tanstack/react-query';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { facetsQuery } from '../features/catalog';
import { homeReviewsQuery } from '../features/home';
import { categoryList, categoryView } from '../lib/first-answers';
import {
  categoriesQuery,
  newestPartsQuery,
  partQuery,
  partsListQuery,
  plainCatalogQuery,
} from '../lib/part-queries';
import { FIRST_VIEWS } from './first-views';

/**
 * The store names each first view's requests in the page's head, and the browser fetches them
 * before the app asks; the app uses those answers only if it asks for exactly the same URLs. So
 * each view's `requests` must be what its route's loader (app/router.tsx) fetches.
 */
const asked: string[] = [];

beforeAll(() => {
  vi.stubGlobal('fetch', async (url: string) => {
    asked.push(url);
    return new Response('[]', { headers: { 'Content-Type': 'application/json', 'X-Total-Count': '0' } });
  });
});
afterAll(() => vi.unstubAllGlobals());

/** The URLs the given fetches ask for, in order. */
async function urlsOf(...fetches: ((client: QueryClient) => Promise<unknown>)[]): Promise<string[]> {
  asked.length = 0;
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // A part's answer here is no part: only the URL asked for matters.
  for (const fetchOne of fetches) await fetchOne(client).catch(() => undefined);
  return [...asked];
}

const requestsAt = (path: string) => FIRST_VIEWS.find((view) => view.path === path)?.requests;

describe("the first views' requests", () => {
  it("are the home page's loader's", async () => {
    const loaded = await urlsOf(
      (client) => client.fetchQuery(categoriesQuery()),
      (client) => client.fetchQuery(newestPartsQuery()),
      (client) => client.fetchQuery(homeReviewsQuery()),
    );
    expect(requestsAt('/')).toEqual(loaded);
    expect(requestsAt('/home')).toEqual(loaded);
  });

  it("are the plain catalog's", async () => {
    expect(requestsAt('/parts')).toEqual(await urlsOf((client) => client.fetchQuery(plainCatalogQuery())));
  });

  it("are a part page's, its id filled in", async () => {
    const requests = requestsAt('/parts/:id') ?? [];
    expect(requests.map((request) => request.replace(':id', 'p-1'))).toEqual(
      await urlsOf(
        (client) => client.fetchQuery(partQuery('p-1')),
        (client) => client.fetchQuery(categoriesQuery()),
      ),
    );
  });

  it("are a category page's, its slug filled in", async () => {
    const view = categoryView('memory', new URLSearchParams());
    const requests = requestsAt('/c/:slug') ?? [];
    expect(requests.map((request) => request.replace(':slug', 'memory'))).toEqual(
      await urlsOf(
        (client) => client.fetchQuery(categoriesQuery()),
        (client) => client.fetchQuery(partsListQuery(categoryList(view))),
        (client) => client.fetchQuery(facetsQuery(view)),
      ),
    );
  });

  it('are none for a page that fetches nothing first', () => {
    for (const path of ['/blogs', '/portfolio', '/login', '/register'])
      expect(requestsAt(path)).toBeUndefined();
  });
});
