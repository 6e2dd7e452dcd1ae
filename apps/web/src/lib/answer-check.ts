/**
 * The answers' schemas, by route id, and the checks the typed client (api.ts) runs on them. The
 * client loads this module with the first answer rather than before the first paint, so zod and
 * the contract's schemas stay out of the entry bundle (decisions 017, 037).
 */
import {
  apiErrorSchema,
  contract,
  type FeatureName,
  imageRefusedSchema,
  linesRefusedSchema,
} from '@store/shared';
import { z } from 'zod';
import type { AnswerChecks, AnswerOutput, RouteName } from './api-types';

/** A check that reads the answer as `schema` does. */
const by =
  <S extends z.ZodType>(schema: S) =>
  (body: unknown): z.ZodSafeParseResult<z.output<S>> =>
    z.safeParse(schema, body);

/** A route whose success answer has no schema (a page, a file): taken as it comes. */
const none = by(z.unknown());

/**
 * Each route's success answer, as its contract declares it. Typed by the contract (AnswerChecks):
 * a route added to the table, or a success status that moves (200 to 201), fails to compile here
 * until this names the schema the contract declares.
 */
const answers: AnswerChecks = {
  docs: { openapi: none, reference: none },
  health: { check: by(contract.health.check.responses[200].schema) },
  identity: { settings: by(contract.identity.settings.responses[200].schema) },
  settings: { get: by(contract.settings.get.responses[200].schema) },
  parts: {
    list: by(contract.parts.list.responses[200].schema),
    get: by(contract.parts.get.responses[200].schema),
    add: by(contract.parts.add.responses[201].schema),
    update: by(contract.parts.update.responses[200].schema),
    remove: by(contract.parts.remove.responses[200].schema),
    facets: by(contract.parts.facets.responses[200].schema),
    csv: none,
    import: by(contract.parts.import.responses[200].schema),
  },
  categories: {
    list: by(contract.categories.list.responses[200].schema),
    add: by(contract.categories.add.responses[201].schema),
    update: by(contract.categories.update.responses[200].schema),
    remove: by(contract.categories.remove.responses[200].schema),
  },
  images: { upload: by(contract.images.upload.responses[201].schema) },
  reviews: {
    list: by(contract.reviews.list.responses[200].schema),
    add: by(contract.reviews.add.responses[201].schema),
    remove: by(contract.reviews.remove.responses[200].schema),
  },
  orders: {
    place: by(contract.orders.place.responses[201].schema),
    checkout: by(contract.orders.checkout.responses[201].schema),
    mine: by(contract.orders.mine.responses[200].schema),
    mineCsv: none,
    get: by(contract.orders.get.responses[200].schema),
    cancel: by(contract.orders.cancel.responses[200].schema),
    all: by(contract.orders.all.responses[200].schema),
    csv: none,
    move: by(contract.orders.move.responses[200].schema),
  },
  cart: {
    get: by(contract.cart.get.responses[200].schema),
    set: by(contract.cart.set.responses[200].schema),
    remove: by(contract.cart.remove.responses[200].schema),
    clear: by(contract.cart.clear.responses[200].schema),
    import: by(contract.cart.import.responses[200].schema),
    merge: by(contract.cart.merge.responses[200].schema),
    reorder: by(contract.cart.reorder.responses[200].schema),
  },
  invoices: { pdf: none },
  payments: {
    pay: by(contract.payments.pay.responses[200].schema),
    refundToCheck: by(contract.payments.refundToCheck.responses[200].schema),
    webhook: by(contract.payments.webhook.responses[200].schema),
  },
  audit: { list: by(contract.audit.list.responses[200].schema), csv: none },
  outbox: { list: by(contract.outbox.list.responses[200].schema) },
  overview: { get: by(contract.overview.get.responses[200].schema) },
  users: {
    signIn: by(contract.users.signIn.responses[200].schema),
    refreshSession: by(contract.users.refreshSession.responses[200].schema),
    endSession: by(contract.users.endSession.responses[200].schema),
    adminStatus: by(contract.users.adminStatus.responses[200].schema),
    list: by(contract.users.list.responses[200].schema),
    setCreditLimit: by(contract.users.setCreditLimit.responses[200].schema),
    makeAdmin: by(contract.users.makeAdmin.responses[200].schema),
    blocked: by(contract.users.blocked.responses[200].schema),
    restore: by(contract.users.restore.responses[200].schema),
    remove: by(contract.users.remove.responses[200].schema),
    rename: by(contract.users.rename.responses[200].schema),
    profile: by(contract.users.profile.responses[200].schema),
    setDefaults: by(contract.users.setDefaults.responses[200].schema),
  },
};

/** The answer of route `feature.name` as its schema reads it, or the issues that say how it breaks it. */
export function checkAnswer<F extends FeatureName, N extends RouteName<F>>(
  feature: F,
  name: N,
  body: unknown,
): z.ZodSafeParseResult<AnswerOutput<F, N>> {
  return answers[feature][name](body);
}

/**
 * The server's `{ message, fields }`, with each refused line's problem in words when an order's
 * lines were refused (`{ message, lines }`); other image hosts (`VITE_IMAGE_HOST_URL`) put it only
 * under `error`.
 */
export function errorMessageOf(
  body: unknown,
): { message: string; fields?: Record<string, string>; problems?: string[] } | undefined {
  const refused = linesRefusedSchema.safeParse(body);
  if (refused.success && refused.data.lines) {
    return {
      message: refused.data.message,
      problems: refused.data.lines.map((line) => line.problem.message),
    };
  }
  const ours = apiErrorSchema.safeParse(body);
  if (ours.success) return ours.data;
  const host = imageRefusedSchema.pick({ error: true }).safeParse(body);
  return host.success ? { message: host.data.error.message } : undefined;
}
