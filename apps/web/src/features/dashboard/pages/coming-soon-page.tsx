import { useMatches } from 'react-router-dom';

/**
 * Dashboard sections whose features land with the ordering and catalog work. The menu already
 * lists them (spec §2), so the page says plainly that the section is not open yet.
 */
export default function ComingSoonPage() {
  const title = (useMatches().at(-1)?.handle as { title?: string } | undefined)?.title ?? 'This section';
  return (
    <div className="max-w-xl">
      <h2 className="text-2xl font-bold">{title}</h2>
      <p className="mt-4 text-base-content/75">
        This section is not open yet. It will be available here soon.
      </p>
    </div>
  );
}
