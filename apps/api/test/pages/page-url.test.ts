import { pageUrl } from '@store/shared';
import { describe, expect, it } from 'vitest';
import { cacheKey, tablesOf } from '../../src/lib/read-cache/cache.js';
import { tablesBehind } from '../../src/lib/server-pages.js';

describe('pageUrl: what a rendered page reads of its URL (decision 024)', () => {
  it.each([
    ['/', '/'],
    ['/?utm_source=x', '/'],
    ['/parts/abc?fbclid=1&q=2', '/parts/abc'],
    ['/parts?', '/parts'],
    ['/parts?page=1&inStock=0&sort=cheapest&q=+', '/parts'],
    [
      '/parts?utm=1&sort=newest&page=02&q=%20gpu%20&inStock=1&cursor=c1',
      '/parts?cursor=c1&inStock=1&page=2&q=gpu&sort=newest',
    ],
    ['/parts/?page=2&page=3', '/parts/?page=2'],
    ['/parts?q=a%26b%3Dc+d', '/parts?q=a%26b%3Dc%20d'],
    ['/parts?q=%zz', '/parts?q=%25zz'],
    // A category page: its filters by name, then in-stock and page; nothing else.
    [
      '/c/processors?page=2&utm_source=x&brand=VoltCore,Arcwell&attr.cores=8..16&inStock=1&attr.=x',
      '/c/processors?attr.cores=8..16&brand=VoltCore%2CArcwell&inStock=1&page=2',
    ],
    ['/c/processors?page=1&sort=newest&brand=', '/c/processors'],
    ['/c/memory?compatibleWith=abc&price=..400', '/c/memory?compatibleWith=abc&price=..400'],
    ['/c/memory/x?brand=A', '/c/memory/x'],
  ])('%s is %s', (url, expected) => {
    expect(pageUrl(url)).toBe(expected);
  });

  it('leaves API answers keyed by their whole URL', () => {
    expect(cacheKey('/api/parts?limit=3&utm=1')).toBe('/api/parts?limit=3&utm=1');
    expect(cacheKey('/?utm=1')).toBe('/');
  });
});

describe('which answers a change forgets (decision 024)', () => {
  it('reads the table a notification names; one it does not know forgets everything', () => {
    expect(tablesOf('public.reviews')).toEqual(['reviews']);
    expect(tablesOf('t_abc.parts')).toEqual(['parts']);
    expect(tablesOf('t_abc.categories')).toEqual(['categories']);
    expect(tablesOf('public')).toEqual(['parts', 'reviews', 'categories']);
    expect(tablesOf('public.orders')).toEqual(['parts', 'reviews', 'categories']);
  });

  it('knows what each answer a rendered page asks for shows', () => {
    expect(tablesBehind('/api/parts?limit=3&sort=newest')).toEqual(['parts', 'categories']);
    expect(tablesBehind('/api/part/abc')).toEqual(['parts', 'categories']);
    expect(tablesBehind('/api/categories')).toEqual(['categories', 'parts']);
    expect(tablesBehind('/api/reviews?limit=3')).toEqual(['reviews']);
    expect(tablesBehind('/api/partsfoo')).toEqual(['parts', 'reviews', 'categories']);
  });
});
