import { BULK_DISCOUNT } from '@store/shared';

const perks = [
  {
    title: '5 years business partnership',
    text: 'Five years of steady supply, fair prices and a named account manager for every business customer.',
    icon: 'M12 2l3 6 6 .9-4.5 4.3 1 6.3L12 16.8 6.5 19.5l1-6.3L3 8.9 9 8z',
  },
  {
    title: 'Free shipping',
    text: 'Every order ships free, insured and tracked, from our warehouse to your door.',
    icon: 'M3 7h11v8H3zM14 10h4l3 3v2h-7zM6.5 18.5a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3zM17.5 18.5a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3z',
  },
  {
    title: `${BULK_DISCOUNT.percentPerStep}% discount for every ${BULK_DISCOUNT.unitsPerStep} quantities`,
    text: `Order specific products in bulk and save ${BULK_DISCOUNT.percentPerStep}% for every ${BULK_DISCOUNT.unitsPerStep} units, on parts marked "Bulk discount eligible".`,
    icon: 'M19 5L5 19M7.5 9a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3zM16.5 18a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3z',
  },
];

export function PremiumService() {
  return (
    <section
      id="premium"
      aria-labelledby="premium-title"
      className="mx-auto max-w-7xl scroll-mt-20 px-6 py-16"
    >
      <header className="mb-10 text-center">
        <p className="font-semibold uppercase tracking-widest text-primary">Premium service</p>
        <h2 id="premium-title" className="mt-2 text-3xl font-bold sm:text-4xl">
          More than a parts supplier
        </h2>
      </header>
      <ul className="grid gap-6 md:grid-cols-3">
        {perks.map((perk) => (
          <li key={perk.title} className="rounded-box border border-base-300 bg-base-100 p-6 shadow-sm">
            <svg
              width="40"
              height="40"
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
              strokeLinejoin="round"
              className="text-primary"
              aria-hidden="true"
            >
              <path d={perk.icon} />
            </svg>
            <h3 className="mt-4 text-xl font-semibold">{perk.title}</h3>
            <p className="mt-2 text-base-content/75">{perk.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
