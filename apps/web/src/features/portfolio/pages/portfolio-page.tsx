import { publicPageMessages as m } from '@store/shared';
export default function PortfolioPage() {
  return (
    <div className="mx-auto max-w-3xl px-6 py-16">
      <h1 className="text-4xl font-bold">{m.portfolioTitle}</h1>
      <p className="mt-4 text-lg text-base-content/75">{m.portfolioText}</p>
    </div>
  );
}
