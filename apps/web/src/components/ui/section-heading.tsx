import type { ReactNode } from 'react';

export function SectionHeading({ id, title, children }: { id: string; title: string; children?: ReactNode }) {
  return (
    <header className="mb-8 text-center">
      <h2 id={id} className="text-3xl font-bold tracking-tight sm:text-4xl">
        {title}
      </h2>
      {children && <p className="mx-auto mt-3 max-w-2xl text-base-content/70">{children}</p>}
    </header>
  );
}
