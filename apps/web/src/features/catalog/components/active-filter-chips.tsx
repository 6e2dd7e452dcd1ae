import { browseMessages as m } from '@store/shared';
import { island } from '../../../components/island';
import { type ActiveFilter, useGoToSearch } from '../filters';

/** The filters in force, each a chip that removes itself; none, no list. An island. */
function ActiveFilterChips({ chips }: { chips: readonly ActiveFilter[] }) {
  const go = useGoToSearch();
  if (chips.length === 0) return null;
  return (
    <section aria-label={m.activeFilters}>
      <ul className="flex flex-wrap gap-2">
        {chips.map((chip) => {
          const label = m.chip(chip.facet, chip.value);
          return (
            <li key={`${chip.param}=${chip.value}`}>
              <button
                type="button"
                className="badge badge-lg gap-1 badge-outline"
                aria-label={m.removeFilter(label)}
                onClick={() => go(chip.without)}
              >
                {label}
                <span aria-hidden="true">{m.removeMark}</span>
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

export const ActiveFilterChipsIsland = island('filter-chips', ActiveFilterChips);
