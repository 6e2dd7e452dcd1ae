import { identitySettingsSchema } from '../schemas/identity-settings.js';
import { healthSchema } from '../schemas/responses.js';
import { storeSettingsSchema } from '../schemas/store-settings.js';
import { type FeatureContract, route } from './define.js';
import { routeTable } from './route-table.js';

export const docs = {
  openapi: route(routeTable.docs.openapi, {
    summary: 'This contract as an OpenAPI 3.1 document',
    responses: { 200: { description: 'The document.' } },
  }),
  reference: route(routeTable.docs.reference, {
    summary: 'This contract as a reference page (HTML)',
    responses: { 200: { description: 'The page.' } },
  }),
} satisfies FeatureContract<'docs'>;

export const health = {
  check: route(routeTable.health.check, {
    summary: 'Health of the store and what it depends on',
    responses: {
      200: { description: 'The store can serve requests.', schema: healthSchema },
      503: { description: 'A dependency the store needs is down; the body names it.', schema: healthSchema },
    },
  }),
} satisfies FeatureContract<'health'>;

export const identity = {
  settings: route(routeTable.identity.settings, {
    summary: 'How the web app signs in (identity settings, decided at run time)',
    description:
      'The Auth emulator behind the store’s own origin, or a real Firebase project’s public web settings.',
    responses: { 200: { description: 'The settings.', schema: identitySettingsSchema } },
  }),
} satisfies FeatureContract<'identity'>;

export const settings = {
  get: route(routeTable.settings.get, {
    summary: 'The currency, how prices are written, and the tax rule (decision 056)',
    description:
      'The store writes the same settings into every page it serves; a web app served from elsewhere asks here.',
    responses: { 200: { description: 'The settings.', schema: storeSettingsSchema } },
  }),
} satisfies FeatureContract<'settings'>;
