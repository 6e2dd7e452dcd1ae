import { browseMessages as m } from '@store/shared';
import { island } from '../../../components/island';
import { useNavKit } from '../../../components/nav-kit';
import { clearCompared, compareUrl, useComparedIds } from '../compare-list';

/** Once parts are chosen, the way to compare them (or start over), kept in view at the bottom. */
function CompareBar() {
  const ids = useComparedIds();
  const { NavLink } = useNavKit();
  if (ids.length === 0) return null;
  return (
    <section
      aria-label={m.compareTitle}
      className="sticky bottom-0 z-10 mt-6 flex flex-wrap items-center justify-center gap-3 border-t border-base-300 bg-base-100 p-3"
    >
      <NavLink to={compareUrl(ids)} className={() => 'btn btn-primary btn-sm'}>
        {m.compareNow(ids.length)}
      </NavLink>
      <button type="button" className="btn btn-ghost btn-sm" onClick={clearCompared}>
        {m.compareClear}
      </button>
    </section>
  );
}

export const CompareBarIsland = island('compare-bar', CompareBar);
