import { MAX_CART_LINES, MAX_QUICK_ORDER_ROWS } from '../constants.js';
import { apiMessages } from '../messages/index.js';
import {
  cartLineInputSchema,
  cartMergeInputSchema,
  cartMergeResultSchema,
  cartPartParams,
  cartRowsResultSchema,
  cartSchema,
  quickOrderInputSchema,
} from '../schemas/cart.js';
import { error, type FeatureContract, idParams, invalid, notFound, route } from './define.js';
import { routeTable } from './route-table.js';

const theCart = { description: 'The whole cart, priced from today’s parts.', schema: cartSchema };
const cartFull = error(`The line would be the cart’s ${MAX_CART_LINES + 1}st different part.`);
const tooManyChanges = error('Too many cart changes by this account (CART_RATE_LIMIT a minute).');
const rowsNote = `Rows beyond the cart’s ${MAX_CART_LINES} different parts are refused with their message.`;

export const cart = {
  get: route(routeTable.cart.get, {
    summary: "The caller's cart",
    description:
      'Lines in the order they were added, each priced from today’s part with its bulk discount, and its `problem` (below the minimum, not a whole number of packs, more than the stock, or no longer available) with the nearest valid quantity. A flagged line still counts in the totals at its quantity, so the totals are what checking out would charge once the problems are fixed as they are.',
    responses: { 200: theCart },
  }),
  set: route(routeTable.cart.set, {
    summary: 'Set a line’s quantity (adds the line when new)',
    description:
      'A quantity that breaks the part’s rules is kept and flagged on the line rather than refused, so the customer sees why and fixes it.',
    params: cartPartParams,
    notFound: apiMessages.partNotFound,
    body: cartLineInputSchema,
    responses: {
      200: theCart,
      400: invalid,
      404: error('The part does not exist or is no longer listed.'),
      409: cartFull,
      429: tooManyChanges,
    },
  }),
  remove: route(routeTable.cart.remove, {
    summary: 'Remove a line',
    description: 'Removing a part that is not in the cart changes nothing.',
    params: cartPartParams,
    notFound: apiMessages.partNotFound,
    responses: { 200: theCart, 404: notFound, 429: tooManyChanges },
  }),
  clear: route(routeTable.cart.clear, {
    summary: 'Empty the cart',
    responses: { 200: theCart, 429: tooManyChanges },
  }),
  import: route(routeTable.cart.import, {
    summary: 'Quick order: add pasted rows or a CSV file’s text to the cart',
    description: `Rows \`SKU,quantity\`, \`SKU;quantity\`, \`SKU<tab>quantity\` or \`SKU quantity\`; an optional header row; blank lines skipped; quoted CSV fields read; columns after the quantity ignored. At most ${MAX_QUICK_ORDER_ROWS} rows. Each quantity is added to the line already in the cart. A row with an unknown SKU or a quantity that is not a whole number is refused alone; a quantity that breaks the part’s rules is added and flagged, its problem in the row’s \`message\`. ${rowsNote}`,
    body: quickOrderInputSchema,
    responses: {
      200: { description: 'The cart, and each row’s result.', schema: cartRowsResultSchema },
      400: error(`No text, too long a text, or more than ${MAX_QUICK_ORDER_ROWS} rows: nothing is added.`),
      429: tooManyChanges,
    },
  }),
  merge: route(routeTable.cart.merge, {
    summary: 'Add a visitor’s cart (kept in the browser) to the account’s at sign-in',
    description: `Each quantity is added to the line already in the cart. Parts unknown or no longer listed are skipped and named in \`skipped\`; so are new parts beyond the cart’s ${MAX_CART_LINES}.`,
    body: cartMergeInputSchema,
    responses: {
      200: { description: 'The cart, and the lines not added.', schema: cartMergeResultSchema },
      400: invalid,
      429: tooManyChanges,
    },
  }),
  reorder: route(routeTable.cart.reorder, {
    summary: 'Order again: add an order’s lines to the cart (owner)',
    description: `Each line’s quantity is added to the cart at today’s prices. A part no longer listed, or sold out (fewer left than its minimum order), is reported on its row and not added; other problems are flagged on the cart line. ${rowsNote}`,
    params: idParams,
    notFound: apiMessages.orderNotFound,
    responses: {
      200: { description: 'The cart, and each order line’s result.', schema: cartRowsResultSchema },
      404: notFound,
      429: tooManyChanges,
    },
  }),
} satisfies FeatureContract<'cart'>;
