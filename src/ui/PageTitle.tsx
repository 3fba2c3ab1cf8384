import type { ReactNode } from 'react';

/** The page's main heading; focus lands here after navigation so screen readers announce it. */
export function PageTitle({
  children,
  className = '',
  dir,
}: {
  children: ReactNode;
  className?: string;
  /** 'auto' when the title is text someone typed (a course's, an event's). */
  dir?: 'auto';
}) {
  return (
    <h1
      dir={dir}
      tabIndex={-1}
      data-page-title
      className={`text-3xl font-bold text-slate-900 outline-none ${className}`}
    >
      {children}
    </h1>
  );
}
