import express from 'express';
import request from 'supertest';
import { describe, expect, it, vi } from 'vitest';
import { type CachedAnswer, ReadCache } from '../../src/lib/read-cache/cache.js';
import { acceptsGzip, isUnchanged } from '../../src/lib/read-cache/conditions.js';
import { changes, changesNothingPublic, forgetOnWrite } from '../../src/lib/read-cache/remember.js';
import { eventually } from '../support/eventually.js';

const answer = (bytes: number): CachedAnswer => ({
  headers: {},
  body: Buffer.alloc(bytes),
  etag: 'W/"x"',
  route: '/api/parts',
});

describe('ReadCache', () => {
  it('keeps nothing until the change feed listens, and nothing while it may miss a change', () => {
    const cache = new ReadCache();
    expect(cache.begin()).toBeUndefined();
    cache.resume();
    const token = cache.begin() as number;
    cache.keep('/a', token, answer(10));
    expect(cache.get('/a')).toBeDefined();
    cache.pause();
    expect(cache.get('/a')).toBeUndefined();
    expect(cache.begin()).toBeUndefined();
    cache.keep('/a', token, answer(10));
    expect(cache.get('/a')).toBeUndefined();
  });

  it('drops the least recently used answers past 32 MB', () => {
    const cache = new ReadCache();
    cache.resume();
    const token = cache.begin() as number;
    const mb = 1024 * 1024;
    for (let i = 0; i < 32; i += 1) cache.keep(`/${i}`, token, answer(mb));
    cache.get('/0'); // used: the oldest is now /1
    cache.keep('/new', token, answer(mb));
    expect(cache.get('/0')).toBeDefined();
    expect(cache.get('/1')).toBeUndefined();
    expect(cache.size).toBe(32);
  });

  it('tells its listeners of every invalidation', () => {
    const cache = new ReadCache();
    let told = 0;
    cache.onInvalidate(() => {
      told += 1;
    });
    cache.invalidate();
    cache.resume();
    expect(told).toBe(2);
  });

  it('is caught up when its change feed is, at once while it keeps nothing, and after 1 s at the latest', async () => {
    const cache = new ReadCache();
    let release = () => {};
    const feed = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          release = resolve;
        }),
    );
    await cache.caughtUp();
    cache.resume(feed);
    let done = false;
    const waiting = cache.caughtUp().then(() => {
      done = true;
    });
    await Promise.resolve();
    expect(done).toBe(false);
    release();
    await waiting;

    vi.useFakeTimers();
    try {
      const stuck = cache.caughtUp();
      await vi.advanceTimersByTimeAsync(1_000);
      await stuck;
    } finally {
      vi.useRealTimers();
    }
    // The feed has told of a change to the write's table since the write began: most likely its own.
    const since = { heard: cache.heard, tables: ['reviews'] as const };
    cache.notified(['reviews']);
    await cache.caughtUp(since);
    cache.pause();
    await cache.caughtUp();
    expect(feed).toHaveBeenCalledTimes(2);
  });
});

describe('a write and the change feed', () => {
  it('is answered once the feed has passed its notification on; one that changes nothing public at once', async () => {
    const cache = new ReadCache();
    let release = () => {};
    cache.resume(
      () =>
        new Promise<void>((resolve) => {
          release = resolve;
        }),
    );
    const endedAtOnce: Record<string, boolean> = {};
    const app = express();
    app.use(forgetOnWrite(cache));
    app.post('/review', changes('reviews'), (_req, res) => {
      res.status(201).json({ ok: true });
      endedAtOnce.review = res.writableEnded;
    });
    app.patch('/profile', changesNothingPublic, (_req, res) => {
      res.json({ ok: true });
      endedAtOnce.profile = res.writableEnded;
    });

    await request(app).patch('/profile').expect(200);
    expect(endedAtOnce.profile).toBe(true);
    // supertest sends on then().
    const review = request(app)
      .post('/review')
      .then((res) => res.status);
    await eventually(() => endedAtOnce.review !== undefined, { interval: 5 });
    expect(endedAtOnce.review).toBe(false);
    release();
    expect(await review).toBe(201);
  });
});

describe('conditional and encoded answers', () => {
  it.each([
    [undefined, false],
    ['W/"abc"', true],
    ['"abc"', true],
    ['"x", W/"abc"', true],
    ['*', true],
    ['"abcd"', false],
  ])('If-None-Match %s matches W/"abc": %s', (header, expected) => {
    expect(isUnchanged(header, 'W/"abc"')).toBe(expected);
  });

  it.each([
    [undefined, false],
    ['gzip', true],
    ['br, gzip;q=0.5', true],
    ['gzip;q=0', false],
    ['identity', false],
    ['*', true],
  ])('Accept-Encoding %s takes gzip: %s', (header, expected) => {
    expect(acceptsGzip(header)).toBe(expected);
  });
});
