import { catalogMessages } from '@store/shared';
import { Link, useSearchParams } from 'react-router-dom';

/**
 * 'Did you mean graphics card?' above a search's results when a word matched no known word
 * (decision 052): the results already include the close words' matches; the link searches for
 * exactly what was meant, keeping the other filters and starting at the first page.
 */
export function DidYouMean({ suggestion }: { suggestion: string }) {
  const [params] = useSearchParams();
  const meant = new URLSearchParams(params);
  meant.set('q', suggestion);
  meant.delete('page');
  meant.delete('cursor');
  return (
    <p className="mb-2 text-base-content/80" data-testid="did-you-mean">
      {catalogMessages.didYouMean}{' '}
      <Link to={{ search: `?${meant}` }} className="link link-primary font-semibold">
        {suggestion}
      </Link>
      ?
    </p>
  );
}
