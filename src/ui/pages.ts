/** Paging arithmetic shared by every paged list. */

export function pageCount(count: number, limit: number): number {
  return Math.max(1, Math.ceil(count / limit));
}

/**
 * The page numbers a pager shows: the first, the last, and the current one with its neighbours;
 * null marks a gap.
 */
export function pagerItems(current: number, total: number): (number | null)[] {
  const wanted = new Set([1, total, current - 1, current, current + 1].filter((n) => n >= 1 && n <= total));
  const sorted = [...wanted].sort((a, b) => a - b);
  const items: (number | null)[] = [];
  for (const page of sorted) {
    const previous = items.at(-1);
    if (typeof previous === 'number' && page - previous > 1) items.push(null);
    items.push(page);
  }
  return items;
}
