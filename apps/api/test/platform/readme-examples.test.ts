import { readFileSync } from 'node:fs';
import path from 'node:path';
import { quickOrderMessages } from '@store/shared';
import { describe, expect, it } from 'vitest';
import { seedParts } from '../../src/db/seed-data.js';
import { apiRoot } from '../../src/lib/paths.js';

/**
 * The examples a newcomer copies onto a fresh store (the README's, the quick-order page's
 * placeholder) order parts of the demo catalog, in quantities it sells: anything else answers
 * with 'unknown SKU' on the first try.
 */
const readme = readFileSync(path.join(apiRoot, '../../README.md'), 'utf8');
const demo = new Map(seedParts.map((part) => [part.sku.toLowerCase(), part]));

interface Line {
  sku: string;
  quantity?: number;
}

/** The SKUs the README names: in JSON (`"sku": "…"`, with its quantity) and in `?q=` searches for one. */
function readmeLines(): Line[] {
  const json = [...readme.matchAll(/"sku"\s*:\s*"([^"]+)"\s*,\s*"quantity"\s*:\s*(\d+)/g)].map(
    ([, sku, quantity]) => ({ sku: sku as string, quantity: Number(quantity) }),
  );
  const searched = readme
    .split('\n')
    .filter((line) => /SKU/.test(line))
    .flatMap((line) =>
      [...line.matchAll(/[?&]q=([A-Za-z0-9._-]+)'/g)].map(([, sku]) => ({ sku: sku as string })),
    );
  return [...json, ...searched];
}

/** The placeholder's lines as the quick order reads them (a SKU, then a quantity), its header left out. */
const placeholderLines = (): Line[] =>
  quickOrderMessages.placeholder
    .split('\n')
    .map((line) => line.split(/[,;\t ]+/))
    .filter(([sku]) => sku?.toLowerCase() !== 'sku')
    .map(([sku, quantity]) => ({ sku: sku as string, quantity: Number(quantity) }));

/** Each line's problem with the demo catalog, if any. */
function problems(lines: Line[]): string[] {
  return lines.flatMap(({ sku, quantity }) => {
    const part = demo.get(sku.toLowerCase());
    if (!part) return [`${sku} is not in the demo catalog`];
    if (quantity === undefined) return [];
    const sold = quantity >= part.minOrderQuantity && quantity % part.orderMultiple === 0;
    return sold ? [] : [`${sku} is not sold ${quantity} at a time`];
  });
}

describe('the examples name parts of the demo catalog', () => {
  it('the README checkout and search examples', () => {
    const lines = readmeLines();
    expect(lines.filter((line) => line.quantity !== undefined).length).toBeGreaterThanOrEqual(2);
    expect(problems(lines)).toEqual([]);
  });

  it('the README names no default-numbered SKU (PD-0…), which the demo catalog has none of', () => {
    expect(readme.match(/\bPD-0\d{5,}\b/g) ?? []).toEqual([]);
  });

  it('the quick-order placeholder', () => {
    const lines = placeholderLines();
    expect(lines.length).toBeGreaterThanOrEqual(2);
    expect(problems(lines)).toEqual([]);
  });
});
