import { type ReactNode, useId } from 'react';

/** A titled white card. */
export function Card({ title, children }: { title: ReactNode; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id={id} className="mb-4 text-xl font-bold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}
