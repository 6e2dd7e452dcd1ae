import { z } from 'zod';

/** How the store writes money (money.ts, decision 056). */
export const moneyPatternSchema = z.object({
  currency: z.string().regex(/^[a-z]{3}$/),
  locale: z.string().min(1),
  symbol: z.string(),
  fractionDigits: z.number().int().min(0).max(4),
  decimal: z.string(),
  group: z.string(),
  groupSizes: z.tuple([z.number().int().min(1), z.number().int().min(1)]),
  minimumGroupingDigits: z.number().int().min(1),
  positive: z.tuple([z.string(), z.string()]),
  negative: z.tuple([z.string(), z.string()]),
  digits: z.string(),
});

/** GET /api/settings, and the JSON block in each page the store serves (store-settings.ts). */
export const storeSettingsSchema = z.object({
  currency: z.string().regex(/^[a-z]{3}$/),
  locale: z.string().min(1),
  money: moneyPatternSchema,
  tax: z.object({ rate: z.number().min(0).max(100), pricesIncludeTax: z.boolean() }),
  /** STORE_EMAIL and STORE_PHONE: named wherever a text says 'contact us'. */
  contact: z.object({ email: z.string(), phone: z.string() }),
});
