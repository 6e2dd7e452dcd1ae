import { hydrate } from '@tanstack/react-query';
import { PAGE_DATA_ELEMENT_ID } from '../components/island';
import { queryClient } from '../lib/query-client';

/**
 * On a page the store rendered (decision 023), the answers it was drawn from, put in the app's
 * cache before the router is made (app/start.tsx imports this first): the router's loaders would
 * otherwise fetch again what the page already holds.
 */
const pageData = document.getElementById(PAGE_DATA_ELEMENT_ID)?.textContent;
if (pageData) hydrate(queryClient, JSON.parse(pageData));

/** Whether the app starts over a page the store rendered. */
export const overServerPage = Boolean(pageData);
