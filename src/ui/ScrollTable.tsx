import type { ReactNode } from 'react';

/**
 * A wide table's own scrolling box: on a narrow screen the table scrolls sideways inside it instead
 * of widening the page. Named by a heading (`labelledBy`) or a `label`; a group rather than a
 * region, so that it is no second landmark beside the card of the same name that holds it.
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
    <div
      // biome-ignore lint/a11y/useSemanticElements: a table's scrolling box, not a fieldset of form controls
      role="group"
      className={`overflow-x-auto ${className}`}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (axe scrollable-region-focusable)
      tabIndex={0}
      aria-labelledby={labelledBy}
      aria-label={label}
    >
      {children}
    </div>
  );
}
