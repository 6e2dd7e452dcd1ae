import { partMessages as m, type Part } from '@store/shared';
import { useQuery } from '@tanstack/react-query';
import { categoriesQuery } from '../../../lib/part-queries';
import { definitionsOf, valueText } from '../../../lib/spec-values';

/**
 * The part page's specification table: brand, category, then each attribute in its
 * category's order, labelled and with its unit. Until the tree is read (or if it cannot be), the
 * keys stand in for the labels: the values are the part's own and shown at once.
 */
export function SpecificationTable({ part }: { part: Pick<Part, 'brand' | 'category' | 'attributes'> }) {
  const tree = useQuery(categoriesQuery());
  const definitions = part.category && tree.data ? definitionsOf(tree.data, part.category) : [];
  const known = new Set(definitions.map((definition) => definition.key));
  const rows: [string, string][] = [];
  if (part.brand) rows.push([m.specBrand, part.brand]);
  if (part.category) {
    rows.push([m.specCategory, tree.data?.find((c) => c.slug === part.category)?.name ?? part.category]);
  }
  for (const definition of definitions) {
    const value = part.attributes[definition.key];
    if (value !== undefined) rows.push([definition.label, valueText(value, definition.unit)]);
  }
  for (const [key, value] of Object.entries(part.attributes)) {
    if (!known.has(key)) rows.push([key, valueText(value)]);
  }
  if (rows.length === 0) return null;
  return (
    <table className="table table-sm" data-testid="specifications">
      <caption className="text-left text-lg font-semibold">{m.specifications}</caption>
      <tbody>
        {rows.map(([label, value]) => (
          <tr key={label}>
            <th scope="row" className="w-1/2 font-normal text-base-content/70">
              {label}
            </th>
            <td className="font-semibold">{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
