export default function PortfolioPage() {
  return (
    <div className="mx-auto max-w-3xl px-6 py-16">
      <h1 className="text-4xl font-bold">Portfolio</h1>
      <p className="mt-4 text-lg text-base-content/75">
        Our portfolio is on its way: case studies of the workshops, resellers and IT departments we supply
        will appear here soon.
      </p>
    </div>
  );
}
