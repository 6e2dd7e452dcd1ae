import type { Facet } from '@store/shared';
import { describe, expect, it } from 'vitest';
import { answers, categoryList, categoryView } from '../../lib/first-answers';
import { activeFilters, cleared, ranged, toggled } from './filters';

const at = (search: string) => categoryView('processors', new URLSearchParams(search));

describe("a category page's filters", () => {
  it('reads only the filters, page and in-stock from its URL', () => {
    const view = at('brand=VoltCore&attr.cores=8..16&utm_source=x&page=2&inStock=1&compatibleWith=abc');
    expect(view).toEqual({
      slug: 'processors',
      page: 2,
      inStock: true,
      // In a fixed order, as the store keys the page it renders (pageSearch).
      filters: { 'attr.cores': '8..16', brand: 'VoltCore', compatibleWith: 'abc' },
    });
    expect(answers.partsList(categoryList(view)).input.query).toEqual({
      category: 'processors',
      brand: 'VoltCore',
      'attr.cores': '8..16',
      compatibleWith: 'abc',
      inStock: 'true',
      page: 2,
      limit: 12,
    });
    expect(answers.facets(view).input.query).not.toHaveProperty('page');
  });

  it('leaves out a price the API would refuse, and names it', () => {
    for (const bad of ['abc', '500..100', '-10..', '..2000000']) {
      const view = at(`brand=VoltCore&price=${bad}`);
      expect(view.filters).toEqual({ brand: 'VoltCore' });
      expect(view.ignored).toEqual(['price']);
      expect(answers.facets(view).input.query).not.toHaveProperty('price');
    }
    expect(at('price=100..500')).toEqual({
      slug: 'processors',
      page: 1,
      inStock: false,
      filters: { price: '100..500' },
    });
  });

  it('ticks and unticks values of a facet, OR within it, back to page 1', () => {
    const one = toggled(at('page=3'), 'brand', 'VoltCore', true);
    expect(one).toBe('?brand=VoltCore');
    const two = toggled(at(one.slice(1)), 'brand', 'Arcwell', true);
    expect(new URLSearchParams(two).get('brand')).toBe('VoltCore,Arcwell');
    expect(toggled(at(two.slice(1)), 'brand', 'VoltCore', false)).toBe('?brand=Arcwell');
    expect(toggled(at('brand=VoltCore'), 'brand', 'VoltCore', false)).toBe('');
    expect(new URLSearchParams(toggled(at(''), 'socket', 'AM5', true)).get('attr.socket')).toBe('AM5');
  });

  it('writes ranges with either side open, and drops an empty one', () => {
    expect(new URLSearchParams(ranged(at(''), 'cores', '8', '')).get('attr.cores')).toBe('8..');
    expect(new URLSearchParams(ranged(at(''), 'price', '', '400')).get('price')).toBe('..400');
    expect(ranged(at('attr.cores=8..'), 'cores', ' ', '')).toBe('');
  });

  it('clears everything, and names each active filter as a chip that removes only itself', () => {
    const view = at('brand=VoltCore,Arcwell&attr.cores=8..16&inStock=1');
    expect(cleared(view)).toBe('');
    const facets: Facet[] = [
      { key: 'brand', label: 'Brand', type: 'enum', values: [] },
      { key: 'cores', label: 'Cores', type: 'number' },
    ];
    const chips = activeFilters(view, facets);
    expect(chips.map((chip) => [chip.facet, chip.value])).toEqual([
      ['Cores', '8..16'],
      ['Brand', 'VoltCore'],
      ['Brand', 'Arcwell'],
    ]);
    expect(new URLSearchParams(chips[1]?.without).get('brand')).toBe('Arcwell');
    expect(new URLSearchParams(chips[0]?.without).has('attr.cores')).toBe(false);
    expect(new URLSearchParams(chips[0]?.without).get('inStock')).toBe('1');
  });
});
