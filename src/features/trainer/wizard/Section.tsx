import type { ReactNode } from 'react';

/** A card holding one group of the step's fields. */
export function Section({ title, children }: { title?: ReactNode; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
      {title && <h3 className="text-lg font-semibold text-slate-900">{title}</h3>}
      {children}
    </section>
  );
}
