import { type Facet, browseMessages as m, parseRange, typedRangeProblem } from '@store/shared';
import { useEffect, useId, useRef, useState } from 'react';
import { island } from '../../../components/island';
import {
  type CategoryView,
  chosenValues,
  cleared,
  paramOf,
  ranged,
  toggled,
  useGoToSearch,
} from '../filters';

type ListFacet = Extract<Facet, { values: unknown }>;
type RangeFacet = Extract<Facet, { type: 'number' }>;

const valueLabel = (facet: ListFacet, value: string) =>
  facet.type === 'boolean' ? (value === 'true' ? m.yes : m.no) : value;

const legendOf = (facet: Facet) =>
  'unit' in facet && facet.unit ? `${facet.label} (${facet.unit})` : facet.label;

/**
 * The category page's filters: a list of checkboxes with counts per brand, text and yes/no facet
 * (OR within one, AND across), a from–to pair per number. Every change is a new URL (`go`). On a
 * phone the panel is a drawer behind 'Show filters'; from the large breakpoint it is always open.
 * An island: the store renders category pages (decision 023).
 */
/**
 * Whether the phone's drawer was left open: on a page the store rendered, a tick loads the page
 * again, and the buyer should find the drawer as they left it.
 */
const DRAWER_KEY = 'filters-open';
function drawerWasOpen(): boolean {
  try {
    return typeof window !== 'undefined' && window.sessionStorage.getItem(DRAWER_KEY) === '1';
  } catch {
    return false;
  }
}

function FilterPanel({
  view,
  facets,
  total,
}: {
  view: CategoryView;
  facets: readonly Facet[];
  /** How many parts the chosen filters find. */
  total: number;
}) {
  const go = useGoToSearch();
  const [open, setOpenState] = useState(drawerWasOpen);
  const setOpen = (next: boolean) => {
    setOpenState(next);
    try {
      window.sessionStorage.setItem(DRAWER_KEY, next ? '1' : '0');
    } catch {
      // Not kept: the drawer starts closed on the next page.
    }
  };
  const panelId = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  // Said to screen readers while the drawer is open: written after the drawer is drawn, as an
  // entry into a live region already on the page is what they read, and a tick in the drawer
  // loads a page the store rendered with the drawer open again.
  const [announced, setAnnounced] = useState('');
  useEffect(() => setAnnounced(open ? m.results(total) : ''), [open, total]);
  return (
    <aside aria-label={m.filters} className="lg:w-64 lg:shrink-0">
      <button
        ref={toggle}
        type="button"
        className="btn btn-outline btn-sm w-full lg:hidden"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
      >
        {open ? m.hideFilters : m.showFilters}
      </button>
      <div id={panelId} className={`${open ? 'flex' : 'hidden'} mt-3 flex-col gap-5 lg:mt-0 lg:flex`}>
        <div className="flex items-center justify-between gap-2">
          <h2 className="text-lg font-semibold">{m.filters}</h2>
          <button type="button" className="btn btn-ghost btn-xs" onClick={() => go(cleared(view))}>
            {m.clearAll}
          </button>
        </div>
        {facets.map((facet) =>
          facet.type === 'number' ? (
            <RangeFilter key={facet.key} facet={facet} view={view} go={go} />
          ) : (
            <ListFilter key={facet.key} facet={facet} view={view} go={go} />
          ),
        )}
        {/* The phone's way back to the parts, kept in view at the drawer's foot, with their count. */}
        <div className="sticky bottom-0 z-10 bg-base-100 py-2 lg:hidden">
          <button
            type="button"
            className="btn btn-primary btn-sm w-full"
            data-testid="filters-show-parts"
            onClick={() => {
              setOpen(false);
              toggle.current?.focus();
            }}
          >
            {m.showParts(total)}
          </button>
        </div>
      </div>
      <p role="status" className="sr-only" data-testid="filters-count-status">
        {announced}
      </p>
    </aside>
  );
}

function ListFilter({
  facet,
  view,
  go,
}: {
  facet: ListFacet;
  view: CategoryView;
  go: (search: string) => void;
}) {
  if (facet.values.length === 0) return null;
  const chosen = chosenValues(view, facet.key);
  return (
    <fieldset data-testid={`facet-${facet.key}`}>
      <legend className="mb-2 text-sm font-semibold">{legendOf(facet)}</legend>
      <ul className="flex flex-col gap-1">
        {facet.values.map(({ value, count }) => (
          <li key={value}>
            <label className="flex cursor-pointer items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="checkbox checkbox-sm"
                // Uncontrolled: the box ticks at once, while the page it asks for loads; the
                // URL's choice (the key) draws it again.
                key={String(chosen.includes(value))}
                defaultChecked={chosen.includes(value)}
                onChange={(event) => go(toggled(view, facet.key, value, event.target.checked))}
              />
              {m.valueCount(valueLabel(facet, value), count)}
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

function RangeFilter({
  facet,
  view,
  go,
}: {
  facet: RangeFacet;
  view: CategoryView;
  go: (search: string) => void;
}) {
  const text = view.filters[paramOf(facet.key)] ?? '';
  const range = parseRange(text);
  // What the last Apply could not apply, said next to the fields; the URL keeps its own range.
  const [problem, setProblem] = useState<string>();
  // Fixed, not `useId`'s: the island is drawn again in the browser, outside the page's tree.
  const problemId = `range-${facet.key}-problem`;
  if (facet.min === undefined && !range) return null;
  const described = problem ? { 'aria-invalid': true, 'aria-describedby': problemId } : {};
  return (
    <fieldset data-testid={`facet-${facet.key}`}>
      <legend className="mb-2 text-sm font-semibold">{legendOf(facet)}</legend>
      <form
        // Typed values are the URL's once applied; a new URL (a chip removed) starts them again.
        key={text}
        className="flex items-end gap-2"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const form = new FormData(event.currentTarget);
          const min = String(form.get('min') ?? '');
          const max = String(form.get('max') ?? '');
          const found = typedRangeProblem(min, max, facet.key === 'price');
          setProblem(found);
          if (!found) go(ranged(view, facet.key, min, max));
        }}
      >
        <label className="flex min-w-0 flex-1 flex-col text-xs">
          <span className="sr-only">{m.rangeMin(facet.label)}</span>
          <input
            name="min"
            type="number"
            inputMode="decimal"
            step="any"
            className="input input-sm w-full"
            placeholder={facet.min === undefined ? '' : String(facet.min)}
            defaultValue={range?.min ?? ''}
            {...described}
          />
        </label>
        <label className="flex min-w-0 flex-1 flex-col text-xs">
          <span className="sr-only">{m.rangeMax(facet.label)}</span>
          <input
            name="max"
            type="number"
            inputMode="decimal"
            step="any"
            className="input input-sm w-full"
            placeholder={facet.max === undefined ? '' : String(facet.max)}
            defaultValue={range?.max ?? ''}
            {...described}
          />
        </label>
        <button type="submit" className="btn btn-sm">
          {m.rangeApply}
        </button>
      </form>
      {problem && (
        <p id={problemId} role="alert" className="mt-1 text-xs text-error">
          {problem}
        </p>
      )}
    </fieldset>
  );
}

export const FilterPanelIsland = island('filter-panel', FilterPanel);
