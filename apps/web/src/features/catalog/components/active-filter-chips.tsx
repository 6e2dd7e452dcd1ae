import { browseMessages as m } from '@store/shared';
import type { ActiveFilter } from '../filters';

/** The filters in force, each a chip that removes itself; none, no list. */
export function ActiveFilterChips({
  chips,
  go,
}: {
  chips: readonly ActiveFilter[];
  go: (search: string) => void;
}) {
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
