import { Link } from 'react-router-dom';
import { SocialIcons } from './social-icons';

const services = [
  { to: '/#premium', label: 'Bulk ordering' },
  { to: '/#premium', label: 'Free shipping' },
  { to: '/#parts', label: 'Our parts' },
  { to: '/#reviews', label: 'Customer reviews' },
];

const company = [
  { to: '/portfolio', label: 'About us' },
  { to: '/blogs', label: 'Blogs' },
  { to: '/#summary', label: 'Business summary' },
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
          <p className="text-lg font-bold">Parts Depot</p>
          <p className="text-neutral-content/80">
            Computer parts in wholesale quantities for builders, resellers and IT teams.
          </p>
          <SocialIcons />
        </aside>
        <LinkColumn title="Services" links={services} />
        <LinkColumn title="Company" links={company} />
      </div>
      {/* The page's own margin on phones: the line is as wide as a 360 px screen. */}
      <div className="border-t border-neutral-content/20 px-4 py-4 text-center text-sm text-neutral-content/80">
        <p>
          Copyright © <span data-testid="copyright-year">{year}</span> Parts Depot. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
