import { hashKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { partsListQuery, plainCatalogQuery } from '../../lib/part-queries';
import { catalogParams } from './catalog-params';

/** The query the catalog page makes for a URL's search part (as catalog-page.tsx builds it). */
const pageQuery = (search: string) => {
  const list = catalogParams(new URLSearchParams(search));
  return partsListQuery({ ...list, q: list.q || undefined });
};

describe('the catalog query the router prefetches', () => {
  it('is the one the catalog page makes for /parts with nothing in its URL', () => {
    expect(hashKey(plainCatalogQuery().queryKey)).toBe(hashKey(pageQuery('').queryKey));
  });

  it('differs from the page’s once the URL names a page, filter, sort or search', () => {
    for (const search of ['page=2', 'inStock=1', 'sort=price-asc', 'q=ssd']) {
      expect(hashKey(plainCatalogQuery().queryKey)).not.toBe(hashKey(pageQuery(search).queryKey));
    }
  });
});

describe('what the catalog reads of its URL', () => {
  it('is what the store keys the rendered catalog by: other parameters change nothing', () => {
    const plain = 'q=ssd&sort=price-asc&page=3&inStock=1&cursor=abc';
    const tracked = `utm_source=x&${plain}&fbclid=y&q=other&page=9`;
    expect(catalogParams(new URLSearchParams(tracked))).toEqual(catalogParams(new URLSearchParams(plain)));
    expect(catalogParams(new URLSearchParams('utm_source=x&page=1'))).toEqual(
      catalogParams(new URLSearchParams('')),
    );
  });
});
