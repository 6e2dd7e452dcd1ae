import { RATING_MAX, reviewPageMessages } from '@store/shared';

/** Stars filled to the exact rating (4.75 fills 95%), with the number for everyone to read. */
export function Rating({ value }: { value: number }) {
  const percent = Math.max(0, Math.min(100, (value / RATING_MAX) * 100));
  const label = reviewPageMessages.rated(value, RATING_MAX);
  return (
    <div className="flex items-center gap-2">
      <span className="relative inline-block text-lg leading-none" role="img" aria-label={label}>
        <span className="text-base-300" aria-hidden="true">
          ★★★★★
        </span>
        <span
          className="absolute inset-0 overflow-hidden whitespace-nowrap text-warning"
          style={{ width: `${percent}%` }}
          aria-hidden="true"
        >
          ★★★★★
        </span>
      </span>
      <span className="text-sm font-semibold" data-testid="review-rating" aria-hidden="true">
        {value} / {RATING_MAX}
      </span>
    </div>
  );
}
