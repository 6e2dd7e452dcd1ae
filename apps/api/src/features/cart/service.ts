import {
  apiMessages,
  type Cart,
  type CartMergeInput,
  type CartMergeResult,
  type CartRow,
  type CartRowsResult,
  MAX_CART_LINES,
  cartApiMessages as m,
  NO_TAX,
  nearestValidQuantity,
  parseQuickOrder,
  type TaxRule,
} from '@store/shared';
import type { Caller } from '../../auth/caller.js';
import { Conflict, Invalid, NotFound } from '../../lib/domain-errors.js';
import { toCart } from './dto.js';
import type { CartAddition, CartRepo, CartTransaction, PartRules } from './repo.js';

/** A row of a quick order or a reorder, with the part its SKU named (if any). */
interface RowToAdd {
  row: number;
  sku: string;
  quantity: number | null;
  /** Refused before any lookup (no SKU, not a whole number). */
  error: string | null;
  part: PartRules | undefined;
}

/** A part with fewer units left than its smallest valid quantity: no line of it can be ordered. */
const soldOut = (part: PartRules) =>
  nearestValidQuantity({ ...part, quantity: part.minOrderQuantity }) === null;

/**
 * The customer's cart (decision 040): kept on the server, priced from today's parts on
 * every read, a line per part, at most MAX_CART_LINES of them. Quantities that break a part's
 * rules are kept and flagged on the line (cart-rules.ts), never refused: the customer sees why.
 */
/** `tax`: the store's rule (TAX_RATE, PRICES_INCLUDE_TAX), so the cart shows what the order will store. */
export function createCartService(repo: CartRepo, tax: TaxRule = NO_TAX) {
  const read = async (email: string): Promise<Cart> => toCart(await repo.lines(email), tax);

  /**
   * Adds `rows` under the cart's lock: each row whose part is listed (and, for a reorder, not sold
   * out) while the cart has room; the others are answered with their reason. Five statements
   * whatever the number of rows.
   */
  async function addRows(
    email: string,
    tx: CartTransaction,
    rows: RowToAdd[],
    { refuseSoldOut }: { refuseSoldOut: boolean },
  ): Promise<CartRowsResult> {
    const held = await tx.partIds(email);
    const additions = new Map<string, number>();
    const results: Array<CartRow & { partId?: string }> = rows.map(({ row, sku, quantity, error, part }) => {
      const refuse = (message: string): CartRow => ({
        row,
        sku,
        quantity,
        status: 'error',
        message,
        suggestedQuantity: null,
      });
      if (error !== null || quantity === null) return refuse(error ?? m.rowQuantityInvalid);
      if (!part) return refuse(m.unknownSku(sku));
      if (!part.listed) return refuse(m.partGone);
      if (refuseSoldOut && soldOut(part)) return refuse(m.soldOut);
      if (!held.has(part.partId) && held.size >= MAX_CART_LINES) return refuse(m.rowCartFull(MAX_CART_LINES));
      held.add(part.partId);
      additions.set(part.partId, (additions.get(part.partId) ?? 0) + quantity);
      return {
        row,
        sku,
        quantity,
        status: 'added',
        message: null,
        suggestedQuantity: null,
        partId: part.partId,
      };
    });
    await tx.add(
      email,
      [...additions].map(([partId, quantity]): CartAddition => ({ partId, quantity })),
    );
    const cart = toCart(await tx.lines(email), tax);
    const problems = new Map(cart.lines.map((line) => [line.partId, line.problem]));
    return {
      cart,
      rows: results.map(({ partId, ...row }) => {
        const problem = partId === undefined ? null : problems.get(partId);
        return problem
          ? { ...row, message: problem.message, suggestedQuantity: problem.suggestedQuantity }
          : row;
      }),
    };
  }

  return {
    get: (caller: Caller): Promise<Cart> => read(caller.email),

    /** Sets a line, adding it when new; 404 for a part not listed, 409 for the cart's 101st part. */
    async set(caller: Caller, partId: string, quantity: number): Promise<Cart> {
      return repo.inTransaction(async (tx) => {
        await tx.lock(caller.email);
        if (!(await tx.isListed(partId))) throw new NotFound(apiMessages.partNotFound);
        const held = await tx.partIds(caller.email);
        if (!held.has(partId) && held.size >= MAX_CART_LINES) throw new Conflict(m.cartFull(MAX_CART_LINES));
        await tx.set(caller.email, partId, quantity);
        return toCart(await tx.lines(caller.email), tax);
      });
    },

    /** Removing a part the cart does not hold changes nothing (a double click, two tabs). */
    async remove(caller: Caller, partId: string): Promise<Cart> {
      await repo.remove(caller.email, partId);
      return read(caller.email);
    },

    async clear(caller: Caller): Promise<Cart> {
      await repo.clear(caller.email);
      return read(caller.email);
    },

    /** Quick order: the text's rows added to the cart, each answered; over 500 rows nothing is. */
    async import(caller: Caller, text: string): Promise<CartRowsResult> {
      const parsed = parseQuickOrder(text);
      if (!parsed.ok) throw new Invalid(parsed.message, { text: parsed.message });
      return repo.inTransaction(async (tx) => {
        await tx.lock(caller.email);
        const skus = [
          ...new Set(parsed.rows.filter((row) => !row.error).map((row) => row.sku.toLowerCase())),
        ];
        const parts = new Map((await tx.bySkus(skus)).map((part) => [part.key, part]));
        const rows = parsed.rows.map((row) => ({ ...row, part: parts.get(row.sku.toLowerCase()) }));
        return addRows(caller.email, tx, rows, { refuseSoldOut: false });
      });
    },

    /** Order again: the caller's own order's lines added at today's prices; another's is a 404. */
    async reorder(caller: Caller, orderId: string): Promise<CartRowsResult> {
      const lines = await repo.orderLines(orderId, caller.email);
      if (lines.length === 0) throw new NotFound(apiMessages.orderNotFound);
      const rows = lines.map(({ position, sku, quantity, ...part }) => ({
        row: position,
        sku,
        quantity,
        error: null,
        part: { ...part, listed: Boolean(part.listed) },
      }));
      return repo.inTransaction(async (tx) => {
        await tx.lock(caller.email);
        return addRows(caller.email, tx, rows, { refuseSoldOut: true });
      });
    },

    /** A visitor's cart added at sign-in; parts unknown, delisted or beyond the cap are skipped. */
    async merge(caller: Caller, { lines }: CartMergeInput): Promise<CartMergeResult> {
      return repo.inTransaction(async (tx) => {
        await tx.lock(caller.email);
        const parts = new Map(
          (await tx.byIds([...new Set(lines.map((line) => line.partId))])).map((part) => [part.partId, part]),
        );
        const held = await tx.partIds(caller.email);
        const additions = new Map<string, number>();
        const skipped: CartMergeResult['skipped'] = [];
        for (const { partId, quantity } of lines) {
          const part = parts.get(partId);
          if (!part?.listed) skipped.push({ partId, message: apiMessages.partNotFound });
          else if (!held.has(partId) && held.size >= MAX_CART_LINES) {
            skipped.push({ partId, message: m.rowCartFull(MAX_CART_LINES) });
          } else {
            held.add(partId);
            additions.set(partId, (additions.get(partId) ?? 0) + quantity);
          }
        }
        await tx.add(
          caller.email,
          [...additions].map(([partId, quantity]) => ({ partId, quantity })),
        );
        return { cart: toCart(await tx.lines(caller.email), tax), skipped };
      });
    },
  };
}

export type CartService = ReturnType<typeof createCartService>;
