import { headMessages, footerMessages as m } from '@store/shared';

/** Small inline icons: no icon font or extra request. Paths are simple geometric marks. */
const icons = {
  Facebook: 'M14 8h3V4h-3a4 4 0 0 0-4 4v2H8v4h2v8h4v-8h3l1-4h-4V8.5c0-.3.2-.5.5-.5z',
  X: 'M4 4l7.2 9.6L4.3 20H6l6-5.5L16.2 20H20l-7.5-10L19 4h-1.7l-5.5 5L8 4z',
  LinkedIn:
    'M5 9h3v11H5zM6.5 4a1.75 1.75 0 1 1 0 3.5 1.75 1.75 0 0 1 0-3.5zM10 9h3v1.6c.5-.9 1.6-1.8 3.3-1.8 3 0 3.7 2 3.7 4.6V20h-3v-5.8c0-1.4 0-3-1.9-3s-2.1 1.4-2.1 2.9V20h-3z',
  YouTube:
    'M21.6 7.2a2.5 2.5 0 0 0-1.8-1.8C18.2 5 12 5 12 5s-6.2 0-7.8.4A2.5 2.5 0 0 0 2.4 7.2 26 26 0 0 0 2 12a26 26 0 0 0 .4 4.8 2.5 2.5 0 0 0 1.8 1.8C5.8 19 12 19 12 19s6.2 0 7.8-.4a2.5 2.5 0 0 0 1.8-1.8A26 26 0 0 0 22 12a26 26 0 0 0-.4-4.8zM10 15V9l5.2 3z',
} as const;

/** In the order shown. */
const names = ['Facebook', 'X', 'LinkedIn', 'YouTube'] as const satisfies readonly (keyof typeof icons)[];

const links: Record<keyof typeof icons, string> = {
  Facebook: 'https://www.facebook.com/',
  X: 'https://x.com/',
  LinkedIn: 'https://www.linkedin.com/',
  YouTube: 'https://www.youtube.com/',
};

export function SocialIcons() {
  return (
    <ul className="flex gap-3" aria-label={m.socialMedia}>
      {names.map((name) => (
        <li key={name}>
          <a
            href={links[name]}
            target="_blank"
            rel="noopener noreferrer"
            className="btn btn-circle btn-ghost btn-sm text-neutral-content hover:bg-neutral-content/15"
          >
            <svg width="20" height="20" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
              <path d={icons[name]} />
            </svg>
            <span className="sr-only">{m.onNetwork(headMessages.siteName, name)}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
