import { categoryMessages as m } from '@store/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parts } from '../../src/db/schema.js';
import { accountWithToken } from '../support/accounts.js';
import { createTestApp } from '../support/helpers.js';

/**
 * Real PostgreSQL only: a category's attribute retyped at the same moment as a part of it is given
 * a value for that attribute. Each write checks the other's state (a retype refuses while parts
 * hold values that would not fit; a part's value must fit the category), so run at once they must
 * be serialised: one of them wins and the other sees it, and no part is left holding a value its
 * category's type refuses.
 */
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let admin: Awaited<ReturnType<typeof accountWithToken>>;
beforeAll(async () => {
  ctx = await createTestApp();
  admin = await accountWithToken(ctx, 'admin');
});
afterAll(() => ctx.close());

const TRIES = 30;

const category = (slug: string, type: 'number' | 'boolean') => ({
  slug,
  name: `Memory ${slug}`,
  attributes: [{ key: 'speed', label: 'Speed', type }],
});

describe('retyping an attribute while a part is given a value for it', () => {
  it('never leaves a part holding a value its category refuses', async () => {
    const outcomes = new Map<string, number>();
    for (let i = 0; i < TRIES; i += 1) {
      const slug = `race-${i}`;
      await ctx.http().post('/api/categories').set(admin.auth).send(category(slug, 'number')).expect(201);
      const fields = {
        name: `Kit ${i}`,
        sku: `RACE-${i}`,
        img: '/media/parts/voltcore-helix-7-cpu.svg',
        price: 99,
        minOrderQuantity: 1,
        description: 'A memory kit.',
        category: slug,
      };
      const added = await ctx
        .http()
        .post('/api/addproduct')
        .set(admin.auth)
        .send({ ...fields, availableQuantity: 10 })
        .expect(201);
      const id: string = added.body.insertedId;
      const [retype, edit] = await Promise.all([
        ctx.http().put(`/api/categories/${slug}`).set(admin.auth).send(category(slug, 'boolean')),
        ctx
          .http()
          .put(`/api/part/${id}`)
          .set(admin.auth)
          .send({ ...fields, attributes: { speed: 16 } }),
      ]);
      const key = `${retype.status}/${edit.status}`;
      outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
      expect(['200/400', '409/200']).toContain(key);
      if (retype.status === 409) expect(retype.body.fields.attributes).toBe(m.attributeInUse('speed', 1));
      else expect(edit.body.fields['attributes.speed']).toBe(m.attributeNotBoolean('Speed'));

      const [part] = await ctx.db.select().from(parts).where(eq(parts.id, id));
      const categoryNow = (await ctx.http().get('/api/categories').expect(200)).body.find(
        (c: { slug: string }) => c.slug === slug,
      );
      const type = categoryNow.attributes[0].type;
      if (type === 'boolean') expect(part?.attributes).toEqual({});
      else expect(part?.attributes).toEqual({ speed: 16 });
      // The part saves as it is, whichever won.
      await ctx
        .http()
        .put(`/api/part/${id}`)
        .set(admin.auth)
        .send({ ...fields, attributes: part?.attributes })
        .expect(200);
    }
    expect([...outcomes.values()].reduce((a, b) => a + b, 0)).toBe(TRIES);
  }, 120_000);
});
