// Under Vite's 4 kB inlining limit: the hero image (the page's largest paint) arrives inside this
// chunk as a data: URL, with no request of its own (the CSP's img-src allows data:).

import { headMessages, homeMessages as m } from '@store/shared';
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
            {m.bannerKicker}
          </p>
          <h1 id="banner-title" className="text-4xl font-extrabold leading-tight sm:text-5xl">
            {m.bannerTitle}
          </h1>
          <p className="mt-5 max-w-xl text-lg text-primary-content/85">{m.bannerText}</p>
          <div className="mt-8 flex flex-wrap gap-3">
            <a href="#parts" className="btn btn-accent btn-lg">
              {m.browseParts}
            </a>
            <a
              href="#premium"
              className="btn btn-outline btn-lg border-primary-content/60 text-primary-content"
            >
              {m.why(headMessages.siteName)}
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
