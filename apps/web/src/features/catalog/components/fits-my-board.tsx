import { browseMessages as m } from '@store/shared';
import { island } from '../../../components/island';
import { useMatchPart } from '../../../hooks/use-match-part';
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
        className="badge badge-lg h-auto min-h-8 max-w-full gap-1 whitespace-normal break-words py-1 text-left badge-outline"
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
      // A board's name is long: the button wraps it over lines rather than run off a phone's screen.
      className="btn btn-outline btn-sm h-auto min-h-8 max-w-full whitespace-normal break-words py-1 text-left"
      onClick={() => go(searchWith(view, { compatibleWith: matchPart.id }))}
    >
      {m.fitsMyBoard(matchPart.name)}
    </button>
  );
}

export const FitsMyBoardIsland = island('fits-my-board', FitsMyBoard);
