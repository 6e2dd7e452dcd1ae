import { BUSINESS_SUMMARY, homeMessages as m } from '@store/shared';
import { formatMillions } from '../../../lib/format';

export function BusinessSummary() {
  return (
    <section
      id="summary"
      aria-labelledby="summary-title"
      className="mx-auto max-w-7xl scroll-mt-20 px-6 py-16"
    >
      <header className="mb-10 text-center">
        <h2 id="summary-title" className="text-3xl font-bold sm:text-4xl">
          {m.summaryTitle}
        </h2>
        <p className="mt-3 text-base-content/70">{m.summaryText}</p>
      </header>
      <dl className="stats stats-vertical w-full border border-base-300 shadow-sm sm:stats-horizontal">
        {BUSINESS_SUMMARY.map((item) => (
          <div key={item.label} className="stat place-items-center">
            <dt className="stat-title">{item.label}</dt>
            <dd className="stat-value text-primary">
              {'millions' in item ? formatMillions(item.millions) : item.value}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
