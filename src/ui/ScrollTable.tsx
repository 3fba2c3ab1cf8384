import type { ReactNode } from 'react';

/**
 * A wide table's own scrolling box: on a narrow screen the table scrolls sideways inside it instead
 * of widening the page, and the keyboard can scroll it (axe scrollable-region-focusable).
 * - `labelledBy` a heading: the table is that heading's region (a landmark of its own).
 * - `label`: the box sits inside a landmark of the same name (a card), so it is a group, not a
 *   second landmark with that name.
 */
export function ScrollTable({
  labelledBy,
  label,
  className = '',
  children,
}:
  | { labelledBy: string; label?: never; className?: string; children: ReactNode }
  | { label: string; labelledBy?: never; className?: string; children: ReactNode }) {
  const classes = `overflow-x-auto ${className}`;
  if (labelledBy !== undefined) {
    return (
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
      <section className={classes} tabIndex={0} aria-labelledby={labelledBy}>
        {children}
      </section>
    );
  }
  return (
    // biome-ignore lint/a11y/useSemanticElements: a table's scrolling box, not a fieldset of form controls
    <div
      role="group"
      className={classes}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling box must be reachable by keyboard
      tabIndex={0}
      aria-label={label}
    >
      {children}
    </div>
  );
}
