import { type Category, categoryMessages, checkAttributeValues, productInputSchema } from '@store/shared';
import { describe, expect, it } from 'vitest';
import {
  type CatalogInput,
  catalogInputOf,
  catalogUpdateOf,
  sameValues,
  specDefinitionsOf,
  specFieldOf,
  specProblems,
  specTextsOf,
  specValuesOf,
} from './spec-fields';

/** The product form's category, brand and specification fields, read as the API reads them. */
const category = (slug: string, parent: string | null, attributes: Category['attributes']): Category => ({
  slug,
  name: slug,
  parent,
  position: 0,
  depth: parent ? 1 : 0,
  attributes,
  partCount: 0,
});
const tree: Category[] = [
  category('power', null, [{ key: 'wattage', label: 'Wattage', type: 'number', unit: 'W' }]),
  category('atx-power', 'power', [
    { key: 'modular', label: 'Modular', type: 'boolean' },
    { key: 'efficiency', label: 'Efficiency', type: 'enum' },
  ]),
  category('cases', null, [{ key: 'formFactor', label: 'Form factor', type: 'enum' }]),
];
const definitions = specDefinitionsOf(tree, 'atx-power');

describe('the fields a category gives a part', () => {
  it('are its ancestors’ attributes, then its own; none without a category', () => {
    expect(definitions.map((d) => d.key)).toEqual(['wattage', 'modular', 'efficiency']);
    expect(specDefinitionsOf(tree, '')).toEqual([]);
  });
});

describe('the values the form’s texts stand for', () => {
  it('are typed as the category defines them, empty texts left out', () => {
    const texts = { wattage: ' 750 ', modular: 'true', efficiency: ' Gold ' };
    expect(specValuesOf(definitions, texts)).toEqual({ wattage: 750, modular: true, efficiency: 'Gold' });
    expect(specValuesOf(definitions, { wattage: '-2.5', modular: 'false' })).toEqual({
      wattage: -2.5,
      modular: false,
    });
    expect(specValuesOf(definitions, { wattage: '', modular: '', efficiency: '  ' })).toEqual({});
  });

  it('keep only the chosen category’s: a value typed for another category is not sent', () => {
    const texts = { wattage: '750', formFactor: 'ATX' };
    expect(specValuesOf(specDefinitionsOf(tree, 'cases'), texts)).toEqual({ formFactor: 'ATX' });
    expect(specValuesOf(specDefinitionsOf(tree, 'power'), texts)).toEqual({ wattage: 750 });
  });

  it('come back from the part’s stored values as the same texts', () => {
    const stored = { wattage: 750, modular: false, efficiency: 'Gold' };
    expect(specTextsOf(stored)).toEqual({ wattage: '750', modular: 'false', efficiency: 'Gold' });
    expect(specValuesOf(definitions, specTextsOf(stored))).toEqual(stored);
  });
});

describe('what the form says of a value', () => {
  it('is what the API says of it, by attribute key', () => {
    for (const bad of ['12abc', '1,5', '0x10', '1e3', 'Infinity', '.']) {
      expect(specProblems(definitions, { wattage: bad })).toEqual({
        wattage: categoryMessages.attributeNotNumber('Wattage'),
      });
      // The API, sent what the form would send, refuses it with the same words.
      const sent = specValuesOf(definitions, { wattage: bad });
      expect(checkAttributeValues(definitions, sent)).toEqual({
        'attributes.wattage': categoryMessages.attributeNotNumber('Wattage'),
      });
    }
    expect(specProblems(definitions, { efficiency: 'Gold, Platinum' })).toEqual({
      efficiency: categoryMessages.attributeNotText('Efficiency'),
    });
    expect(specProblems(definitions, { efficiency: 'x'.repeat(61) })).toEqual({
      efficiency: categoryMessages.attributeNotText('Efficiency'),
    });
    expect(specProblems(definitions, { modular: 'maybe' })).toEqual({
      modular: categoryMessages.attributeNotBoolean('Modular'),
    });
  });

  it('is nothing for good values and for empty ones', () => {
    expect(specProblems(definitions, { wattage: '1200', modular: 'false', efficiency: 'Titanium' })).toEqual(
      {},
    );
    expect(specProblems(definitions, { wattage: '', modular: '' })).toEqual({});
  });
});

describe('the catalog input the form sends', () => {
  it('is what the API’s product schema takes', () => {
    const catalog = catalogInputOf(tree, {
      category: 'atx-power',
      brand: ' Voltline ',
      attributes: { wattage: '850', modular: 'true', efficiency: 'Gold' },
    });
    expect(catalog).toEqual({
      category: 'atx-power',
      brand: 'Voltline',
      attributes: { wattage: 850, modular: true, efficiency: 'Gold' },
    });
    const product = {
      name: 'PSU',
      img: '/media/parts/psu.svg',
      price: 99,
      availableQuantity: 10,
      minOrderQuantity: 1,
      sku: 'PSU-850',
      description: 'A power supply.',
    };
    expect(productInputSchema.safeParse({ ...product, ...catalog }).success).toBe(true);
  });

  it('takes the category and brand away when the fields are empty', () => {
    expect(catalogInputOf(tree, { category: '', brand: '  ', attributes: { wattage: '750' } })).toEqual({
      category: null,
      brand: null,
      attributes: {},
    });
  });
});

describe('what Update sends of the catalog', () => {
  const loaded = { category: 'atx-power', attributes: { modular: true, wattage: 750 } };

  it('leaves the category and values out when neither changed, whatever their order', () => {
    const catalog = { category: 'atx-power', brand: 'Voltline', attributes: { wattage: 750, modular: true } };
    expect(sameValues(catalog.attributes, loaded.attributes)).toBe(true);
    expect(catalogUpdateOf(loaded, catalog)).toEqual({ brand: 'Voltline' });
  });

  it('sends them both when a value or the category changed, or a value was taken away', () => {
    const changed: CatalogInput[] = [
      { category: 'atx-power', brand: null, attributes: { wattage: 850, modular: true } },
      { category: 'power', brand: null, attributes: { wattage: 750 } },
      { category: 'atx-power', brand: null, attributes: { wattage: 750 } },
      { category: 'atx-power', brand: null, attributes: { wattage: 750, modular: '1' } },
    ];
    for (const catalog of changed) {
      expect(catalogUpdateOf(loaded, catalog)).toEqual(catalog);
    }
  });
});

describe('where an API field error is shown', () => {
  it('next to its field: category, brand, the values together, or a shown value', () => {
    expect(specFieldOf('category', definitions)).toBe('category');
    expect(specFieldOf('brand', definitions)).toBe('brand');
    expect(specFieldOf('attributes', definitions)).toBe('attributes');
    expect(specFieldOf('attributes.wattage', definitions)).toBe('attributes.wattage');
  });

  it('nowhere here for a value without a field, or another field', () => {
    expect(specFieldOf('attributes.formFactor', definitions)).toBeUndefined();
    expect(specFieldOf('price', definitions)).toBeUndefined();
  });
});
