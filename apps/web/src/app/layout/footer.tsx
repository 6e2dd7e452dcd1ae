import { headMessages, footerMessages as m } from '@store/shared';
import { Link } from 'react-router-dom';
import { SocialIcons } from './social-icons';

const services = [
  { to: '/#premium', label: m.bulkOrdering },
  { to: '/#premium', label: m.freeShipping },
  { to: '/#parts', label: m.ourParts },
  { to: '/#reviews', label: m.customerReviews },
];

const company = [
  { to: '/portfolio', label: m.aboutUs },
  { to: '/blogs', label: m.blogs },
  { to: '/#summary', label: m.businessSummary },
];

function LinkColumn({ title, links }: { title: string; links: { to: string; label: string }[] }) {
  return (
    <nav aria-label={title}>
      <h2 className="footer-title">{title}</h2>
      <ul className="space-y-2">
        {links.map((link) => (
          <li key={link.label}>
            <Link to={link.to} className="link-hover link">
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function Footer() {
  const year = new Date().getFullYear();
  return (
    <footer className="mt-16 bg-neutral text-neutral-content print:hidden">
      <div className="footer mx-auto max-w-7xl grid-cols-1 gap-10 px-6 py-12 sm:footer-horizontal">
        <aside className="max-w-xs">
          <p className="text-lg font-bold">{headMessages.siteName}</p>
          <p className="text-neutral-content/80">{m.tagline}</p>
          <SocialIcons />
        </aside>
        <LinkColumn title={m.services} links={services} />
        <LinkColumn title={m.company} links={company} />
      </div>
      {/* The page's own margin on phones: the line is as wide as a 360 px screen. */}
      <div className="border-t border-neutral-content/20 px-4 py-4 text-center text-sm text-neutral-content/80">
        <p>
          {m.copyright} <span data-testid="copyright-year">{year}</span>{' '}
          {m.allRightsReserved(headMessages.siteName)}
        </p>
      </div>
    </footer>
  );
}
