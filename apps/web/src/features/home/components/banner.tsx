// Under Vite's 4 kB inlining limit: the hero image (the page's largest paint) arrives inside this
// chunk as a data: URL, with no request of its own (the CSP's img-src allows data:).
import bannerUrl from '../assets/banner.svg';

export function Banner() {
  return (
    <section
      aria-labelledby="banner-title"
      className="bg-gradient-to-br from-primary to-blue-950 text-primary-content"
    >
      <div className="mx-auto grid max-w-7xl items-center gap-10 px-6 py-16 md:grid-cols-2 md:py-24">
        <div>
          <p className="mb-3 font-semibold uppercase tracking-widest text-primary-content/80">
            Wholesale computer parts
          </p>
          <h1 id="banner-title" className="text-4xl font-extrabold leading-tight sm:text-5xl">
            Build more. Pay less per part.
          </h1>
          <p className="mt-5 max-w-xl text-lg text-primary-content/85">
            Processors, graphics cards, memory, storage and everything between, in the quantities your
            workshop, shop or IT department needs, shipped free.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <a href="#parts" className="btn btn-accent btn-lg">
              Browse parts
            </a>
            <a
              href="#premium"
              className="btn btn-outline btn-lg border-primary-content/60 text-primary-content"
            >
              Why Parts Depot
            </a>
          </div>
        </div>
        <img
          src={bannerUrl}
          alt=""
          width={800}
          height={600}
          className="mx-auto h-auto w-full max-w-lg drop-shadow-2xl"
          fetchPriority="high"
        />
      </div>
    </section>
  );
}
