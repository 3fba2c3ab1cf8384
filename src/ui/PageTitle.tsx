import type { ReactNode } from 'react';

/** The page's main heading; focus lands here after navigation so screen readers announce it. */
export function PageTitle({ children, className = '' }: { children: ReactNode; className?: string }) {
  return (
    <h1
      tabIndex={-1}
      data-page-title
      className={`text-3xl font-bold text-slate-900 outline-none ${className}`}
    >
      {children}
    </h1>
  );
}
