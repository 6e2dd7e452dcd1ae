import { apiMessages, validationMessages } from '@store/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parts } from '../../src/db/schema.js';
import { accountWithToken } from '../support/accounts.js';
import { client } from '../support/client.js';
import { createTestApp, partRow } from '../support/helpers.js';
import { placeOrder, sendOrder } from '../support/orders.js';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const newest = async () => (await ctx.http().get('/api/reviews?limit=1').expect(200)).body[0];

describe('POST /api/review', () => {
  it('takes name and e-mail from the account, and marks verified buyers', async () => {
    const author = await accountWithToken(ctx, 'customer', 'Rita Reviewer');
    // Someone else's order must not make Rita a verified buyer.
    const buyer = await accountWithToken(ctx);
    const [other] = await ctx.db
      .insert(parts)
      .values(partRow({ minOrderQuantity: 1 }))
      .returning();
    await placeOrder(client(ctx.http, buyer.auth), other?.id as string);
    const res = await ctx
      .http()
      .post('/api/review')
      .set(author.auth)
      .send({ message: 'Great parts', ratings: 4.75, name: 'Someone Else', email: 'x@example.com' })
      .expect(201);
    expect(res.body).toEqual({ acknowledged: true, insertedId: expect.any(String) });
    expect(await newest()).toMatchObject({ name: 'Rita Reviewer', ratings: 4.75, verified: false });

    // An unpaid order does not make the reviewer a verified buyer (decision 027); a paid one
    // does, and cancelling it undoes it.
    const admin = await accountWithToken(ctx, 'admin');
    const [part] = await ctx.db
      .insert(parts)
      .values(partRow({ minOrderQuantity: 1 }))
      .returning();
    const placed = await sendOrder(client(ctx.http, author.auth), part?.id as string).expect(201);
    expect((await newest()).verified).toBe(false);
    const move = (status: string) =>
      ctx
        .http()
        .patch(`/api/order/${placed.body.insertedId}/status`)
        .set(admin.auth)
        .send({ status })
        .expect(200);
    await move('paid');
    expect((await newest()).verified).toBe(true);
    await move('cancelled');
    expect((await newest()).verified).toBe(false);
  });

  it.each([
    [{ ratings: 4 }, 'message', validationMessages.messageRequired],
    [{ message: 'ok' }, 'ratings', validationMessages.ratingsRequired],
    [{ message: 'ok', ratings: 5.5 }, 'ratings', validationMessages.ratingsRange],
    [{ message: 'ok', ratings: 4.123 }, 'ratings', validationMessages.ratingsStep],
  ])('refuses %j with the message for %s', async (body, field, message) => {
    const author = await accountWithToken(ctx);
    const res = await ctx.http().post('/api/review').set(author.auth).send(body).expect(400);
    expect(res.body.fields[field]).toBe(message);
  });

  it('requires a signed-in user', async () => {
    await ctx.http().post('/api/review').send({ message: 'Hi', ratings: 5 }).expect(401);
  });
});

describe('DELETE /api/review/:id', () => {
  it('is for admins only', async () => {
    const author = await accountWithToken(ctx);
    const admin = await accountWithToken(ctx, 'admin');
    const { insertedId } = (
      await ctx
        .http()
        .post('/api/review')
        .set(author.auth)
        .send({ message: 'Remove me', ratings: 1 })
        .expect(201)
    ).body;
    await ctx.http().delete(`/api/review/${insertedId}`).expect(401);
    await ctx.http().delete(`/api/review/${insertedId}`).set(author.auth).expect(403);
    await ctx
      .http()
      .delete(`/api/review/${insertedId}`)
      .set(admin.auth)
      .expect(200, { acknowledged: true, deletedCount: 1 });
    const again = await ctx.http().delete(`/api/review/${insertedId}`).set(admin.auth).expect(404);
    expect(again.body.message).toBe(apiMessages.reviewNotFound);
  });
});
