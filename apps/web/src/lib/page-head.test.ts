import { describe, expect, it } from 'vitest';
import { canonicalUrl, headOf } from './page-head';

const origin = 'https://shop.example';

describe('canonicalUrl', () => {
  it('is the origin and path, without any parameter the route does not name', () => {
    expect(canonicalUrl(origin, '/blogs', '?utm_source=news&fbclid=1', { title: 'Blogs' })).toBe(
      'https://shop.example/blogs',
    );
  });

  it('keeps the parameters that name another page, page 1 being the plain listing', () => {
    const head = { title: 'Catalog', canonicalParams: ['page'] };
    expect(canonicalUrl(origin, '/parts', '?sort=newest&page=3&gclid=x', head)).toBe(
      'https://shop.example/parts?page=3',
    );
    expect(canonicalUrl(origin, '/parts', '?page=1', head)).toBe('https://shop.example/parts');
  });

  it('stays on the origin for a path that starts with two slashes', () => {
    expect(canonicalUrl(origin, '//elsewhere.example/parts', '', { title: 'Catalog' })).toBe(
      'https://shop.example/elsewhere.example/parts',
    );
  });

  it('uses the route’s canonical path for an alias', () => {
    expect(canonicalUrl(origin, '/home', '', { title: 'Home', canonicalPath: '/' })).toBe(
      'https://shop.example/',
    );
  });
});

describe('headOf', () => {
  it('reads a route handle’s head and ignores other handles', () => {
    expect(headOf({ head: { title: 'Catalog' } })).toEqual({ title: 'Catalog' });
    expect(headOf({ crumb: 'x' })).toBeUndefined();
    expect(headOf(undefined)).toBeUndefined();
  });
});
