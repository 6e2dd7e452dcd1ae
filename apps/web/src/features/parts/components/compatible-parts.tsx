import { type Category, browseMessages as m, type Part, uiMessages } from '@store/shared';
import { useId, useState } from 'react';
import { island } from '../../../components/island';
import { useNavKit } from '../../../components/nav-kit';
import { setMatchPart, useMatchPart } from '../../../hooks/use-match-part';
import { api } from '../../../lib/api';
import { formatPrice } from '../../../lib/format';

/** How many compatible parts are listed before 'All … that fit'. */
const COMPATIBLE_LIMIT = 50;

type Found = { parts: Part[]; tree: Category[] };
type State = { status: 'closed' | 'loading' | 'failed' } | { status: 'shown'; found: Found };

/** The compatible parts, grouped by category in the tree's order. */
function groupsOf({ parts, tree }: Found): { category: Category | undefined; slug: string; parts: Part[] }[] {
  const bySlug = new Map<string, Part[]>();
  for (const part of parts) {
    const slug = part.category ?? '';
    bySlug.set(slug, [...(bySlug.get(slug) ?? []), part]);
  }
  const order = (slug: string) => {
    const index = tree.findIndex((category) => category.slug === slug);
    return index === -1 ? tree.length : index;
  };
  return [...bySlug.entries()]
    .sort(([a], [b]) => order(a) - order(b))
    .map(([slug, list]) => ({ slug, category: tree.find((c) => c.slug === slug), parts: list }));
}

/**
 * The part page's 'Compatible parts': closed until asked for, then the parts sharing
 * this one's socket or memory type (the API's `compatibleWith`), by category, each with the way to
 * all of that category that fit. Asked for on opening, not with the page: the store renders the
 * page without it (decision 023), and most visitors never open it. An island.
 */
function CompatibleParts({ id, name }: { id: string; name: string }) {
  const [state, setState] = useState<State>({ status: 'closed' });
  const { NavLink } = useNavKit();
  const matchPart = useMatchPart();
  const regionId = useId();

  const load = () => {
    setState({ status: 'loading' });
    Promise.all([
      api.parts.list({ query: { compatibleWith: id, limit: COMPATIBLE_LIMIT, page: 1 } }),
      api.categories.list(),
    ]).then(
      ([page, tree]) => setState({ status: 'shown', found: { parts: page.items, tree } }),
      () => setState({ status: 'failed' }),
    );
  };
  const open = state.status !== 'closed';

  return (
    <section className="flex flex-col gap-3">
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className="btn btn-outline btn-sm"
          aria-expanded={open}
          aria-controls={regionId}
          onClick={() => (open ? setState({ status: 'closed' }) : load())}
        >
          {m.compatibleParts}
        </button>
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          aria-pressed={matchPart?.id === id}
          onClick={() => setMatchPart({ id, name })}
        >
          {matchPart?.id === id ? m.matching : m.matchThis}
        </button>
      </div>
      <div id={regionId} aria-live="polite" data-testid="compatible-parts">
        {state.status === 'loading' && <p className="text-sm">{m.compatibleLoading}</p>}
        {state.status === 'failed' && (
          <p role="alert" className="text-sm text-error">
            {m.compatibleFailed}{' '}
            <button type="button" className="link" onClick={load}>
              {uiMessages.tryAgain}
            </button>
          </p>
        )}
        {state.status === 'shown' &&
          (state.found.parts.length === 0 ? (
            <p className="text-sm">{m.compatibleNone}</p>
          ) : (
            <div className="flex flex-col gap-4">
              <h2 className="text-lg font-semibold">{m.compatibleParts}</h2>
              {groupsOf(state.found).map((group) => {
                const label = group.category?.name ?? group.slug;
                return (
                  <section key={group.slug} aria-label={label}>
                    <h3 className="font-semibold">{label}</h3>
                    <ul className="mt-1 flex flex-col gap-1 text-sm">
                      {group.parts.map((part) => (
                        <li key={part._id} className="flex justify-between gap-3">
                          <NavLink
                            to={`/parts/${encodeURIComponent(part._id)}`}
                            className={() => 'link link-hover'}
                          >
                            {part.name}
                          </NavLink>
                          <span className="whitespace-nowrap">{formatPrice(part.price)}</span>
                        </li>
                      ))}
                    </ul>
                    {group.slug && (
                      <NavLink
                        to={`/c/${encodeURIComponent(group.slug)}?compatibleWith=${encodeURIComponent(id)}`}
                        className={() => 'link link-primary mt-1 inline-block text-sm'}
                      >
                        {m.fitsAll(label)}
                      </NavLink>
                    )}
                  </section>
                );
              })}
            </div>
          ))}
      </div>
    </section>
  );
}

export const CompatiblePartsIsland = island('compatible-parts', CompatibleParts);
