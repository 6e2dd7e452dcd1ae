import { headMessages } from '@store/shared';

/**
 * What a route tells search engines and the browser tab, as `handle: { head }` on the route.
 * `description` marks a public page: it gets the meta description and a canonical URL; every
 * other page is kept out of search results (noindex) and has no canonical.
 */
export interface RouteHead {
  title: string;
  description?: string;
  /** The canonical path when it differs from the URL's (/home is /). */
  canonicalPath?: string;
  /** Query parameters that name a different page (the catalog's page number); others are dropped. */
  canonicalParams?: readonly string[];
}

export function headOf(handle: unknown): RouteHead | undefined {
  const head = handle && typeof handle === 'object' && 'head' in handle ? handle.head : undefined;
  return isRouteHead(head) ? head : undefined;
}

/** A route's `handle.head`, as the routes write it (app/routes.tsx): a title at least. */
const isRouteHead = (value: unknown): value is RouteHead =>
  typeof value === 'object' && value !== null && 'title' in value && typeof value.title === 'string';

/**
 * `handle: { rendersOnServer: true }`: the store sends the page rendered, with islands.tsx for its
 * interactive parts, to a visitor who opens it (decision 023); the app renders it when reached
 * from another page.
 */
export const rendersOnServer = (handle: unknown): boolean =>
  !!handle && typeof handle === 'object' && 'rendersOnServer' in handle && handle.rendersOnServer === true;

/** The route's head with the page's own title on top (and, on a public page, its description). */
export function withOwnTitle(route: RouteHead, own?: { title: string; description?: string | undefined }) {
  return {
    ...route,
    ...(own && { title: own.title }),
    ...(own?.description && route.description && { description: own.description }),
  };
}

/** The tab's title for a page. */
export const documentTitle = (head: RouteHead): string =>
  head.title === headMessages.titles.home
    ? `${headMessages.siteName} · ${head.title}`
    : headMessages.title(head.title);

/** Absolute: origin + path + only the parameters that matter (tracking ones never do). */
export function canonicalUrl(origin: string, pathname: string, search: string, head: RouteHead): string {
  // One leading slash: '//x' would resolve to another host.
  const url = new URL((head.canonicalPath ?? pathname).replace(/^\/+/, '/'), origin);
  const params = new URLSearchParams(search);
  for (const name of head.canonicalParams ?? []) {
    const value = params.get(name);
    // Page 1 is the plain listing.
    if (value && !(name === 'page' && value === '1')) url.searchParams.set(name, value);
  }
  return url.href;
}

function headElement<T extends HTMLElement>(selector: string, create: () => T): T {
  const found = document.head.querySelector<T>(selector);
  if (found) return found;
  const element = create();
  document.head.append(element);
  return element;
}

function setMeta(name: string, content: string | undefined) {
  if (content === undefined) {
    document.head.querySelector(`meta[name="${name}"]`)?.remove();
    return;
  }
  const meta = headElement(`meta[name="${name}"]`, () => {
    const created = document.createElement('meta');
    created.name = name;
    return created;
  });
  meta.content = content;
}

/** Writes the title, description, robots and canonical link for the page now shown. */
export function applyHead(head: RouteHead, canonical: string | undefined) {
  document.title = documentTitle(head);
  setMeta('description', head.description ?? headMessages.descriptions.home);
  setMeta('robots', head.description ? undefined : 'noindex');
  if (!head.description || !canonical) {
    document.head.querySelector('link[rel="canonical"]')?.remove();
    return;
  }
  const link = headElement('link[rel="canonical"]', () => {
    const created = document.createElement('link');
    created.rel = 'canonical';
    return created;
  });
  link.href = canonical;
}
