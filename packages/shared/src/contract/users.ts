import { z } from 'zod';
import { paginationQuerySchema } from '../schemas/common.js';
import {
  adminStatusSchema,
  deleteResultSchema,
  profileResultSchema,
  sessionEndedSchema,
  sessionTokenSchema,
  signInResponseSchema,
  updateResultSchema,
} from '../schemas/responses.js';
import {
  blockedEmailSchema,
  creditLimitInputSchema,
  creditLimitResultSchema,
  profileDefaultsSchema,
  profileSchema,
  profileUpdateSchema,
  signInBodySchema,
  userListItemSchema,
} from '../schemas/user.js';
import { conflict, emailParams, error, type FeatureContract, invalid, route } from './define.js';
import { routeTable } from './route-table.js';

const noSuchUser = error('No such user.');

export const users = {
  signIn: route(routeTable.users.signIn, {
    summary: 'Sign in: trade a Firebase ID token for the API token',
    description:
      'Bearer: the Firebase ID token of the account named in the path. Creates the store account on first sign-in.',
    params: emailParams,
    body: signInBodySchema,
    responses: {
      200: { description: 'Signed in.', schema: signInResponseSchema },
      400: invalid,
      401: error('The ID token could not be verified.'),
      403: error('The ID token is for another e-mail, or the e-mail was removed by an admin.'),
      429: error('Too many sign-ins from this address.'),
      503: error('The identity provider is unreachable.'),
    },
  }),
  refreshSession: route(routeTable.users.refreshSession, {
    summary: 'Trade a valid API token for a new one (an hour), within the sign-in’s day',
    description:
      'The new token carries the same sign-in time: it expires an hour from now or a day after signing in, whichever comes first. Past that day the session is over: sign in again.',
    responses: { 200: { description: 'The new token.', schema: sessionTokenSchema } },
  }),
  endSession: route(routeTable.users.endSession, {
    summary: 'Sign out: end every API token of your account',
    description: 'Every token issued to the account so far is refused from now on, on every device.',
    responses: { 200: { description: 'Ended.', schema: sessionEndedSchema } },
  }),
  adminStatus: route(routeTable.users.adminStatus, {
    summary: 'Whether a user is an admin (that user or an admin)',
    description: '`admin` is true only with admin powers: the role and a verified e-mail.',
    params: emailParams,
    responses: {
      200: { description: 'Their status.', schema: adminStatusSchema },
      400: invalid,
      403: error('Another user’s status, asked by a customer.'),
    },
  }),
  list: route(routeTable.users.list, {
    summary: 'List users',
    query: paginationQuerySchema,
    responses: {
      200: {
        description:
          'A page of users, each with the credit limit that applies to them; `emailVerified`: an admin without it has no admin powers yet.',
        schema: z.array(userListItemSchema),
      },
      400: invalid,
    },
  }),
  setCreditLimit: route(routeTable.users.setCreditLimit, {
    summary: 'Set the most a user’s unpaid orders may total (their credit limit)',
    description:
      'In the store’s currency (`CURRENCY`) with at most 2 decimals; `null` gives them the store’s default (`MAX_UNPAID_TOTAL`) again. Orders already placed stay; the next order is judged by the new limit.',
    params: emailParams,
    body: creditLimitInputSchema,
    responses: {
      200: { description: 'Set (modifiedCount 0 if it was already so).', schema: creditLimitResultSchema },
      400: invalid,
      404: noSuchUser,
    },
  }),
  makeAdmin: route(routeTable.users.makeAdmin, {
    summary: 'Make a user an admin',
    params: emailParams,
    responses: {
      200: { description: 'Done (modifiedCount 0 if they already were).', schema: updateResultSchema },
      400: invalid,
      404: noSuchUser,
    },
  }),
  blocked: route(routeTable.users.blocked, {
    summary: 'List removed users’ e-mails (refused at sign-in until restored)',
    query: paginationQuerySchema,
    responses: {
      200: { description: 'A page of blocked e-mails.', schema: z.array(blockedEmailSchema) },
      400: invalid,
    },
  }),
  restore: route(routeTable.users.restore, {
    summary: 'Restore a removed user’s e-mail, so they may sign in again',
    params: emailParams,
    responses: {
      200: { description: 'Restored.', schema: deleteResultSchema },
      400: invalid,
      404: error('That e-mail is not blocked.'),
    },
  }),
  remove: route(routeTable.users.remove, {
    summary: 'Remove a user',
    description:
      'Never yourself, never the last admin. Their orders keep their name and e-mail. The e-mail is blocked first, then the login is deleted: safe to retry (`deletedCount: 0` when only the login was left).',
    params: emailParams,
    responses: {
      200: { description: 'Removed.', schema: deleteResultSchema },
      400: invalid,
      404: noSuchUser,
      409: conflict,
    },
  }),
  rename: route(routeTable.users.rename, {
    summary: 'Rename yourself (My Profile)',
    body: profileUpdateSchema,
    responses: {
      200: { description: 'Renamed.', schema: profileResultSchema },
      400: invalid,
      429: error('Too many profile changes from this account (PROFILE_RATE_LIMIT an hour).'),
    },
  }),
  profile: route(routeTable.users.profile, {
    summary: 'Your account, your checkout and invoice defaults, and what checkout starts from',
    description:
      '`checkout`: each of phone and address from your defaults, else from your last order (null without either).',
    responses: { 200: { description: 'Your profile.', schema: profileSchema } },
  }),
  setDefaults: route(routeTable.users.setDefaults, {
    summary: 'Set your default phone and address, and for a business its company name and VAT number',
    description:
      'Each optional: null or absent clears it. The company name and VAT number go on invoices of orders placed afterwards.',
    body: profileDefaultsSchema,
    responses: { 200: { description: 'Saved: your profile.', schema: profileSchema }, 400: invalid },
  }),
} satisfies FeatureContract<'users'>;
