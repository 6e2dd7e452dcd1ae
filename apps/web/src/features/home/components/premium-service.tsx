import { BULK_DISCOUNT, homeMessages as m } from '@store/shared';

const perks = [
  {
    title: m.partnershipTitle,
    text: m.partnershipText,
    icon: 'M12 2l3 6 6 .9-4.5 4.3 1 6.3L12 16.8 6.5 19.5l1-6.3L3 8.9 9 8z',
  },
  {
    title: m.shippingTitle,
    text: m.shippingText,
    icon: 'M3 7h11v8H3zM14 10h4l3 3v2h-7zM6.5 18.5a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3zM17.5 18.5a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3z',
  },
  {
    title: m.discountTitle(BULK_DISCOUNT.percentPerStep, BULK_DISCOUNT.unitsPerStep),
    text: m.discountText(BULK_DISCOUNT.percentPerStep, BULK_DISCOUNT.unitsPerStep),
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
        <p className="font-semibold uppercase tracking-widest text-primary">{m.premiumKicker}</p>
        <h2 id="premium-title" className="mt-2 text-3xl font-bold sm:text-4xl">
          {m.premiumTitle}
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
