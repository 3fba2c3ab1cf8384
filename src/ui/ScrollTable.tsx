import type { ReactNode } from 'react';

/**
 * A wide table's own scrolling region: on a narrow screen the table scrolls sideways inside it
 * instead of widening the page. Named by a heading (`labelledBy`) or a `label`.
 */
export function ScrollTable({
  labelledBy,
  label,
  className = '',
  children,
}: {
  labelledBy?: string;
  label?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section
      className={`overflow-x-auto ${className}`}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (axe scrollable-region-focusable)
      tabIndex={0}
      aria-labelledby={labelledBy}
      aria-label={label}
    >
      {children}
    </section>
  );
}
