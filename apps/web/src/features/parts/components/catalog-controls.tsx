import { catalogMessages as m, type PartOrder, stockMessages } from '@store/shared';
import { island } from '../../../components/island';
import { useNavKit } from '../../../components/nav-kit';
import { SearchBox } from '../../../components/ui/search-box';

const sorts: { value: PartOrder; label: string }[] = [
  { value: 'newest', label: m.newest },
  { value: 'price-asc', label: m.priceAsc },
  { value: 'price-desc', label: m.priceDesc },
];

/** A search with no sort named ranks the closest names first (decision 012). */
const bestMatch = { value: 'relevance', label: m.bestMatch } as const;

/** The catalog's URL (`/parts` and its query) with `changes` made: an empty value removes a parameter. */
export function catalogUrl(search: string, changes: Record<string, string | undefined>): string {
  const next = new URLSearchParams(search);
  for (const [key, value] of Object.entries(changes)) {
    if (value) next.set(key, value);
    else next.delete(key);
  }
  return next.size ? `/parts?${next}` : '/parts';
}

/**
 * The catalog's search, in-stock filter and sort, kept in the URL so a link shows the same list.
 * Any change starts again from the first page. An island (decision 023).
 */
function CatalogControls({ q, inStock, sort }: { q: string; inStock: boolean; sort: PartOrder }) {
  const { go, search } = useNavKit();
  const update = (changes: Record<string, string | undefined>) =>
    go(catalogUrl(search, { ...changes, page: undefined, cursor: undefined }));
  return (
    <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
      <SearchBox
        label={m.searchLabel}
        placeholder={m.searchLabel}
        value={q}
        maxLength={100}
        onSearch={(term) => update({ q: term })}
      />
      <label className="flex cursor-pointer items-center gap-2 whitespace-nowrap text-sm">
        <input
          type="checkbox"
          className="checkbox checkbox-sm"
          // Uncontrolled: the box ticks at once; the URL (changed after a tick) remounts it.
          defaultChecked={inStock}
          key={String(inStock)}
          onChange={(event) => update({ inStock: event.target.checked ? '1' : undefined })}
        />
        {stockMessages.inStockOnly}
      </label>
      <label className="flex items-center gap-2 whitespace-nowrap text-sm">
        {m.sort}
        <select
          className="select select-sm w-48"
          value={sort}
          onChange={(event) =>
            update({ sort: event.target.value === bestMatch.value ? undefined : event.target.value })
          }
        >
          {(q ? [bestMatch, ...sorts] : sorts).map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}

export const CatalogControlsIsland = island('catalog-controls', CatalogControls);
