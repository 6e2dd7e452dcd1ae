import { browseMessages as m } from '@store/shared';
import { island } from '../../../components/island';
import { useMatchPart } from '../../parts';
import { type CategoryView, searchWith, useGoToSearch } from '../filters';

/**
 * 'Fits my board': once a customer has chosen a part to match (on its page), a category page
 * offers to show only what fits it; while it does, a chip naming that part takes it away. An
 * island: the chosen part is kept in the visitor's browser, which the store cannot see.
 */
function FitsMyBoard({ view, matchedName }: { view: CategoryView; matchedName?: string | undefined }) {
  const go = useGoToSearch();
  const matchPart = useMatchPart();
  if (view.filters.compatibleWith) {
    const label = m.fitsChip(matchedName ?? '');
    return (
      <button
        type="button"
        className="badge badge-lg gap-1 badge-secondary"
        aria-label={m.removeFilter(label)}
        onClick={() => go(searchWith(view, { compatibleWith: undefined }))}
      >
        {label}
        <span aria-hidden="true">{m.removeMark}</span>
      </button>
    );
  }
  if (!matchPart) return null;
  return (
    <button
      type="button"
      className="btn btn-outline btn-secondary btn-sm"
      onClick={() => go(searchWith(view, { compatibleWith: matchPart.id }))}
    >
      {m.fitsMyBoard(matchPart.name)}
    </button>
  );
}

export const FitsMyBoardIsland = island('fits-my-board', FitsMyBoard);
