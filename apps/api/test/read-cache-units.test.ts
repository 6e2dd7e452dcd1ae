import { describe, expect, it } from 'vitest';
import { type CachedAnswer, ReadCache } from '../src/lib/read-cache/cache.js';
import { acceptsGzip, isUnchanged } from '../src/lib/read-cache/conditions.js';

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
