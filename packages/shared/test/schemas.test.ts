import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  addProductFormSchema,
  editProductFormSchema,
  emailSchema,
  isOrderQuantityValid,
  loginSchema,
  validationMessages as m,
  orderInputSchema,
  partsQuerySchema,
  plainText,
  productInputSchema,
  productUpdateSchema,
  profileDefaultsSchema,
  profileUpdateSchema,
  registerSchema,
  reviewInputSchema,
} from '../src/index.js';

/** The first message zod reports for `field`, or undefined when that field is valid. */
function messageFor(schema: z.ZodType, input: unknown, field: string): string | undefined {
  const result = schema.safeParse(input);
  if (result.success) return undefined;
  return result.error.issues.find((issue) => issue.path.join('.') === field)?.message;
}

const login = { email: 'buyer@example.com', password: 'secret1' };

describe('login and register (spec §5)', () => {
  it.each([
    [{ ...login, email: undefined }, 'email', m.emailRequired],
    [{ ...login, email: '' }, 'email', m.emailRequired],
    [{ ...login, email: '   ' }, 'email', m.emailRequired],
    [{ ...login, email: 'buyer@example' }, 'email', m.emailInvalid],
    [{ ...login, email: 'buyer example.com' }, 'email', m.emailInvalid],
    [{ ...login, email: 'a b@example.com' }, 'email', m.emailInvalid],
    [{ ...login, password: undefined }, 'password', m.passwordRequired],
    [{ ...login, password: '' }, 'password', m.passwordRequired],
    [{ ...login, password: '12345' }, 'password', m.passwordTooShort],
  ])('login %j → %s: %s', (input, field, message) => {
    expect(messageFor(loginSchema, input, field)).toBe(message);
  });

  it('accepts a valid login and a 6-character password', () => {
    expect(loginSchema.safeParse({ ...login, password: '123456' }).success).toBe(true);
  });

  it.each([
    [{ ...login, name: undefined }, 'name', m.nameRequired],
    [{ ...login, name: '  ' }, 'name', m.nameRequired],
    [{ ...login, name: 'x'.repeat(121) }, 'name', m.nameTooLong],
    [{ name: 'Ada', email: '', password: 'secret1' }, 'email', m.emailRequired],
    [{ name: 'Ada', email: 'bad', password: 'secret1' }, 'email', m.emailInvalid],
    [{ name: 'Ada', email: 'ada@example.com', password: '' }, 'password', m.passwordRequired],
    [{ name: 'Ada', email: 'ada@example.com', password: 'abc' }, 'password', m.passwordTooShort],
  ])('register %j → %s: %s', (input, field, message) => {
    expect(messageFor(registerSchema, input, field)).toBe(message);
  });

  it('trims the name and the e-mail', () => {
    expect(registerSchema.parse({ name: ' Ada ', email: ' ada@example.com ', password: 'secret1' })).toEqual({
      name: 'Ada',
      email: 'ada@example.com',
      password: 'secret1',
    });
  });

  it('lower-cases the e-mail, as the store keeps and compares it', () => {
    expect(loginSchema.parse({ ...login, email: ' Buyer@Example.COM ' }).email).toBe('buyer@example.com');
    expect(emailSchema.parse('Ada@EXAMPLE.com')).toBe('ada@example.com');
  });
});

const product = {
  name: 'VoltCore Helix 7',
  img: 'https://img.example/helix.webp',
  price: 249.99,
  availableQuantity: 1200,
  minOrderQuantity: 10,
  description: 'Eight cores.',
  bulkDiscount: false,
  sku: 'VC-HELIX-7',
};

describe('add product (spec §5 and docs/architecture.md, Validation and hardening)', () => {
  it.each([
    [{ ...product, name: '' }, 'name', m.nameRequired],
    [{ ...product, price: undefined }, 'price', m.priceRequired],
    [{ ...product, price: Number.NaN }, 'price', m.priceRequired],
    [{ ...product, price: 0 }, 'price', m.pricePositive],
    [{ ...product, price: -5 }, 'price', m.pricePositive],
    [{ ...product, price: 1.999 }, 'price', m.priceCents],
    [{ ...product, price: 2_000_000 }, 'price', m.priceTooHigh],
    [{ ...product, availableQuantity: undefined }, 'availableQuantity', m.availableRequired],
    [{ ...product, availableQuantity: -1 }, 'availableQuantity', m.availableNegative],
    [{ ...product, availableQuantity: 1.5 }, 'availableQuantity', m.wholeNumber],
    [{ ...product, minOrderQuantity: undefined }, 'minOrderQuantity', m.minOrderRequired],
    [{ ...product, minOrderQuantity: 0 }, 'minOrderQuantity', m.minOrderAtLeastOne],
    [{ ...product, minOrderQuantity: 5000 }, 'minOrderQuantity', m.minOrderAboveAvailable],
    [{ ...product, description: '' }, 'description', m.descriptionRequired],
    [{ ...product, description: 'x'.repeat(2001) }, 'description', m.descriptionTooLong],
    [{ ...product, img: '' }, 'img', m.imageRequired],
    [{ ...product, sku: undefined }, 'sku', m.skuRequired],
    [{ ...product, sku: '  ' }, 'sku', m.skuRequired],
    [{ ...product, sku: 'VC HELIX' }, 'sku', m.skuInvalid],
    [{ ...product, sku: 'VC/HELIX' }, 'sku', m.skuInvalid],
    [{ ...product, sku: 'X'.repeat(41) }, 'sku', m.skuInvalid],
    [{ ...product, orderMultiple: 0 }, 'orderMultiple', m.orderMultipleAtLeastOne],
    [{ ...product, orderMultiple: 2.5 }, 'orderMultiple', m.wholeNumber],
    [{ ...product, orderMultiple: 4 }, 'minOrderQuantity', m.minOrderNotWholePacks(4)],
  ])('product input %# → %s: %s', (input, field, message) => {
    expect(messageFor(productInputSchema, input, field)).toBe(message);
  });

  it('takes a SKU trimmed and a pack size that defaults to 1', () => {
    expect(productInputSchema.parse({ ...product, sku: ' vc-helix_7.b ' })).toMatchObject({
      sku: 'vc-helix_7.b',
      orderMultiple: 1,
    });
    expect(productInputSchema.parse({ ...product, orderMultiple: 5 })).toMatchObject({ orderMultiple: 5 });
  });

  it('accepts cents exactly, despite binary floating point', () => {
    expect(productInputSchema.safeParse({ ...product, price: 0.29 }).success).toBe(true);
    expect(productInputSchema.safeParse({ ...product, price: 1234.56 }).success).toBe(true);
  });

  describe('update product (edits never undo orders)', () => {
    const { availableQuantity: _stock, ...withoutStock } = product;

    it('keeps the SKU and pack size of a client that sends neither', () => {
      const { sku: _sku, ...older } = withoutStock;
      const parsed = productUpdateSchema.parse(older);
      expect(parsed).not.toHaveProperty('sku');
      expect(parsed).not.toHaveProperty('orderMultiple');
      expect(messageFor(productUpdateSchema, { ...withoutStock, orderMultiple: 3 }, 'minOrderQuantity')).toBe(
        m.minOrderNotWholePacks(3),
      );
      expect(messageFor(productUpdateSchema, { ...withoutStock, sku: 'a b' }, 'sku')).toBe(m.skuInvalid);
    });

    it('keeps the stock out of an edit that leaves it out', () => {
      const parsed = productUpdateSchema.parse(withoutStock);
      expect(parsed).not.toHaveProperty('availableQuantity');
      expect(parsed).not.toHaveProperty('availableQuantityBefore');
    });

    it('takes a new stock with the stock it was based on', () => {
      const parsed = productUpdateSchema.parse({ ...product, availableQuantityBefore: 0 });
      expect(parsed).toMatchObject({ availableQuantity: 1200, availableQuantityBefore: 0 });
    });

    it.each([
      [product, 'availableQuantityBefore', m.availableBeforeRequired],
      [{ ...withoutStock, availableQuantityBefore: 70 }, 'availableQuantityBefore', m.availableBeforeAlone],
      [{ ...product, availableQuantityBefore: -1 }, 'availableQuantityBefore', m.availableNegative],
      [{ ...product, availableQuantityBefore: 1.5 }, 'availableQuantityBefore', m.wholeNumber],
      [{ ...product, availableQuantityBefore: '70' }, 'availableQuantityBefore', m.availableBeforeRequired],
      [
        { ...product, availableQuantityBefore: 1200, availableQuantity: -1 },
        'availableQuantity',
        m.availableNegative,
      ],
    ])('update %# → %s: %s', (input, field, message) => {
      expect(messageFor(productUpdateSchema, input, field)).toBe(message);
    });

    // A stock count below the minimum order (0 included) takes a part off sale; the
    // minimum-order rule belongs to adding a part only.
    it('takes a stock below the minimum order, 0 included, on an edit', () => {
      expect(productUpdateSchema.safeParse({ ...withoutStock, minOrderQuantity: 5000 }).success).toBe(true);
      for (const availableQuantity of [0, 3]) {
        const edit = { ...product, minOrderQuantity: 10, availableQuantity, availableQuantityBefore: 1200 };
        expect(productUpdateSchema.safeParse(edit).success).toBe(true);
      }
      expect(editProductFormSchema.safeParse({ ...form, available: 0, minorder: 10 }).success).toBe(true);
      expect(messageFor(addProductFormSchema, { ...form, available: 0, minorder: 10 }, 'minorder')).toBe(
        m.minOrderAboveAvailable,
      );
    });
  });

  const form = {
    name: 'Part',
    price: 10,
    available: 100,
    minorder: 10,
    description: 'A part',
    image: [{}],
    sku: 'PART-1',
    pack: 1,
  };

  it.each([
    [{ ...form, name: '' }, 'name', m.nameRequired],
    [{ ...form, price: Number.NaN }, 'price', m.priceRequired],
    [{ ...form, available: Number.NaN }, 'available', m.availableRequired],
    [{ ...form, minorder: Number.NaN }, 'minorder', m.minOrderRequired],
    [{ ...form, description: '' }, 'description', m.descriptionRequired],
    [{ ...form, image: [] }, 'image', m.imageRequired],
    [{ ...form, image: undefined }, 'image', m.imageRequired],
    [{ ...form, sku: '' }, 'sku', m.skuRequired],
    [{ ...form, pack: Number.NaN }, 'pack', m.orderMultipleRequired],
    [{ ...form, pack: 0 }, 'pack', m.orderMultipleAtLeastOne],
    [{ ...form, pack: 4 }, 'minorder', m.minOrderNotWholePacks(4)],
  ])('add product form %# → %s: %s', (input, field, message) => {
    expect(messageFor(addProductFormSchema, input, field)).toBe(message);
  });
});

const order = {
  partId: '3f1c2a5e-9b7d-4c11-8e2f-0a1b2c3d4e5f',
  productQuantity: 20,
  phone: '+1 (555) 010-2030',
  address: '12 Harbour Street, Springfield 40001',
};

describe('order', () => {
  it('accepts a valid order', () => {
    expect(orderInputSchema.safeParse(order).success).toBe(true);
  });

  it.each([
    [{ ...order, phone: '' }, 'phone', m.phoneRequired],
    [{ ...order, phone: '12345' }, 'phone', m.phoneInvalid],
    [{ ...order, phone: 'call me' }, 'phone', m.phoneInvalid],
    [{ ...order, phone: '1'.repeat(16) }, 'phone', m.phoneInvalid],
    [{ ...order, address: '' }, 'address', m.addressRequired],
    [{ ...order, address: 'Main St' }, 'address', m.addressTooShort],
    [{ ...order, address: 'x'.repeat(301) }, 'address', m.addressTooLong],
    [{ ...order, address: '12 Harbour Street\u0000, Springfield' }, 'address', m.addressInvalid],
    [{ ...order, address: '12 Harbour Street\u202E, Springfield' }, 'address', m.addressInvalid],
    [{ ...order, address: '12 Harbour Street\u2066, Springfield' }, 'address', m.addressInvalid],
    [{ ...order, address: '12 Harbour Street\u200B, Springfield' }, 'address', m.addressInvalid],
    [{ ...order, address: '12 Harbour Street\u2028Springfield' }, 'address', m.addressInvalid],
    [{ ...order, address: '12 Harbour Street\uE000, Springfield' }, 'address', m.addressInvalid],
    [{ ...order, address: '12 Harbour Street\u000B, Springfield' }, 'address', m.addressInvalid],
  ])('order %# → %s: %s', (input, field, message) => {
    expect(messageFor(orderInputSchema, input, field)).toBe(message);
  });

  it('accepts addresses in other scripts', () => {
    expect(orderInputSchema.safeParse({ ...order, address: 'Hauptstraße 5, 10115 Berlin' }).success).toBe(
      true,
    );
    expect(orderInputSchema.safeParse({ ...order, address: '東京都千代田区丸の内1-1-1' }).success).toBe(true);
  });

  it.each([
    'شارع الملك فهد، الرياض ١٢٣٤٥',
    'ул. Тверская, д. 7, кв. № 12, Москва',
    'Οδός Ερμού 10, Αθήνα 105 63',
    'خیابان ولی‌عصر، تهران',
    'Flat 2 "The Mill" [rear], 5 <Quay> St!\n\tBristol BS1 4DJ ★',
    '〒100-0005 東京都千代田区丸の内１丁目',
  ])('accepts the printable address %j', (address) => {
    expect(orderInputSchema.safeParse({ ...order, address }).success).toBe(true);
  });

  it.each([0, -1, 1.5, Number.NaN, 10_000_001])('refuses quantity %s', (productQuantity) => {
    expect(orderInputSchema.safeParse({ ...order, productQuantity }).success).toBe(false);
  });

  it('applies the purchase page rule: whole packs between the minimum and the stock', () => {
    const part = { minOrderQuantity: 10, availableQuantity: 100, orderMultiple: 1 };
    expect(isOrderQuantityValid(10, part)).toBe(true);
    expect(isOrderQuantityValid(100, part)).toBe(true);
    expect(isOrderQuantityValid(9, part)).toBe(false);
    expect(isOrderQuantityValid(101, part)).toBe(false);
    expect(isOrderQuantityValid(Number.NaN, part)).toBe(false);
    expect(isOrderQuantityValid(10.5, part)).toBe(false);
    const packs = { minOrderQuantity: 10, availableQuantity: 100, orderMultiple: 5 };
    expect(isOrderQuantityValid(15, packs)).toBe(true);
    expect(isOrderQuantityValid(100, packs)).toBe(true);
    expect(isOrderQuantityValid(12, packs)).toBe(false);
    expect(isOrderQuantityValid(99, packs)).toBe(false);
  });
});

describe('review', () => {
  it.each([
    [{ message: '', ratings: 4 }, 'message', m.messageRequired],
    [{ ratings: 4 }, 'message', m.messageRequired],
    [{ message: 'x'.repeat(1001), ratings: 4 }, 'message', m.messageTooLong],
    [{ message: 'Great', ratings: undefined }, 'ratings', m.ratingsRequired],
    [{ message: 'Great', ratings: Number.NaN }, 'ratings', m.ratingsRequired],
    [{ message: 'Great', ratings: -0.01 }, 'ratings', m.ratingsRange],
    [{ message: 'Great', ratings: 5.01 }, 'ratings', m.ratingsRange],
    [{ message: 'Great', ratings: 4.555 }, 'ratings', m.ratingsStep],
  ])('review %j → %s: %s', (input, field, message) => {
    expect(messageFor(reviewInputSchema, input, field)).toBe(message);
  });

  it('accepts 0, 5 and two decimals', () => {
    for (const ratings of [0, 5, 4.75, 0.01]) {
      expect(reviewInputSchema.safeParse({ message: 'Great', ratings }).success).toBe(true);
    }
  });
});

describe('control characters', () => {
  it.each([
    ['NUL', '\u0000', false, false],
    ['escape', '\u001b', false, false],
    ['DEL', '\u007f', false, false],
    ['a C1 control', '\u0085', false, false],
    ['a vertical tab', '\u000b', false, false],
    ['a line feed', '\n', false, true],
    ['a carriage return', '\r', false, true],
    ['a tab', '\t', false, true],
    ['accents and emoji', 'é ü 🙂', true, true],
  ])('%s: single-line %s, multi-line %s', (_label, text, singleLine, multiLine) => {
    expect(plainText()(`a${text}b`)).toBe(singleLine);
    expect(plainText({ multiline: true })(`a${text}b`)).toBe(multiLine);
  });

  it('refuses them in text fields with the field’s message', () => {
    expect(messageFor(profileUpdateSchema, { name: 'Ann\u0000' }, 'name')).toBe(m.nameInvalid);
    expect(messageFor(partsQuerySchema, { q: 'fan\u0000' }, 'q')).toBe(m.searchInvalid);
    expect(messageFor(loginSchema, { ...login, email: 'a\u0000b@example.com' }, 'email')).toBe(
      m.emailInvalid,
    );
    expect(messageFor(reviewInputSchema, { message: 'ok\u0000', ratings: 4 }, 'message')).toBe(
      m.messageInvalid,
    );
    expect(messageFor(reviewInputSchema, { message: 'line\nline', ratings: 4 }, 'message')).toBeUndefined();
  });

  it('refuses a direction override in the company name printed on invoices', () => {
    expect(messageFor(profileDefaultsSchema, { companyName: 'Acme \u202Etd. Ltd' }, 'companyName')).toBe(
      m.companyNameInvalid,
    );
    expect(messageFor(profileDefaultsSchema, { companyName: 'Acme Ltd' }, 'companyName')).toBeUndefined();
  });
});
