import type { ReactNode } from 'react';

export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="flex justify-center px-4 py-12 sm:py-20">
      <section
        aria-labelledby="auth-title"
        className="card w-full max-w-md border border-base-300 bg-base-100 shadow-lg"
      >
        <div className="card-body gap-4">
          <h1 id="auth-title" className="text-center text-3xl font-bold">
            {title}
          </h1>
          {children}
        </div>
      </section>
    </div>
  );
}
