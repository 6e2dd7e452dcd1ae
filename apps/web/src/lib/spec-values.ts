import { type AttributeDefinition, type Category, partMessages as m } from '@store/shared';
import { formatQuantity } from './format';

/** How a part's specification reads, on its page and side by side on the compare page. */

/** The definitions a category's parts have: its ancestors' first, then its own. */
export function definitionsOf(tree: Category[], slug: string): AttributeDefinition[] {
  const bySlug = new Map(tree.map((category) => [category.slug, category]));
  const path: Category[] = [];
  for (let current = bySlug.get(slug); current && !path.includes(current); ) {
    path.unshift(current);
    current = current.parent ? bySlug.get(current.parent) : undefined;
  }
  return path.flatMap((category) => category.attributes);
}

export function valueText(value: string | number | boolean, unit?: string): string {
  if (typeof value === 'boolean') return value ? m.specYes : m.specNo;
  if (typeof value === 'number') {
    const shown = Number.isInteger(value) ? formatQuantity(value) : String(value);
    return m.specNumber(shown, unit);
  }
  return value;
}
