import type { StoreSettings } from './store-settings.js';

/**
 * The store renders some public pages on the server (decision 023): the web app's build ships a
 * module (apps/web/src/ssr/render-page.tsx) that the store loads and calls with each request for
 * such a page. This is what passes between the two.
 */
export interface ServerRenderedPage {
  status: 200 | 404;
  /** The page's markup, for the document's `#root`. */
  body: string;
  /** The tab's title, the meta description and, on a public page, the canonical URL. */
  title: string;
  description: string;
  canonical?: string;
  /** 'noindex' on a page search engines should leave out. */
  robots?: 'noindex';
}

/** What the renderer reads of an answer: a fetch `Response` (this package assumes no DOM or Node). */
export interface PageAnswer {
  ok: boolean;
  status: number;
  headers: { get(name: string): string | null };
  json(): Promise<unknown>;
}

export interface RenderPageOptions {
  /** The store's public origin, for the canonical URL. */
  origin: string;
  /** Answers the API's public GETs the page asks for, in-process (never with anyone's token). */
  fetch: (url: string) => Promise<PageAnswer>;
  /** The store's currency, money pattern and tax (decision 056); absent: the default's. */
  settings?: StoreSettings;
}

/** One of the pages the store renders, whose data could not be had (the database is down). */
export interface PageUnavailable {
  unavailable: true;
}

/**
 * Renders the page at `url` (path and query). Undefined when it is not one the store renders;
 * `{ unavailable: true }` when its data could not be had. Either way the store sends the app,
 * which shows the page itself.
 */
export type RenderPage = (
  url: string,
  options: RenderPageOptions,
) => Promise<ServerRenderedPage | PageUnavailable | undefined>;
