import { browseMessages as m } from '@store/shared';
import { useState } from 'react';
import { island } from '../../../components/island';
import { setCompared, useComparedIds } from '../compare-list';

/**
 * A card's Compare: a toggle (aria-pressed) adding the part to the comparison, up to four. An
 * island, since cards are on the pages the store renders (decision 023).
 */
function CompareToggle({ id, name }: { id: string; name: string }) {
  const chosen = useComparedIds().includes(id);
  const [full, setFull] = useState(false);
  return (
    <div className="flex flex-col items-start gap-1">
      <button
        type="button"
        className={`btn btn-sm ${chosen ? 'btn-secondary' : 'btn-outline'}`}
        aria-pressed={chosen}
        aria-label={m.compareLabel(name)}
        onClick={() => setFull(!setCompared(id, !chosen))}
      >
        {m.compare}
      </button>
      <p role="status" className="max-w-40 text-xs text-error">
        {full && !chosen ? m.compareFull : ''}
      </p>
    </div>
  );
}

export const CompareToggleIsland = island('compare-toggle', CompareToggle);
