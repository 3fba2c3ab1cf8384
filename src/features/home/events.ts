import type { EventSummary } from '@contract/wire/events';
import { useSyncExternalStore } from 'react';

export interface CarouselEvent {
  event: EventSummary;
  /** Over before `now`: shown after the others, marked as ended. */
  ended: boolean;
}

/**
 * The carousel's order: events not over yet first, the soonest first; then those that have ended,
 * the latest first. Whatever order the list came in.
 */
export function eventsInOrder(events: readonly EventSummary[], now: number): CarouselEvent[] {
  const at = (value: string) => new Date(value).getTime();
  const marked = events.map((event) => ({ event, ended: at(event.date_range.end) < now }));
  const upcoming = marked
    .filter((item) => !item.ended)
    .sort((a, b) => at(a.event.date_range.start) - at(b.event.date_range.start));
  const ended = marked
    .filter((item) => item.ended)
    .sort((a, b) => at(b.event.date_range.start) - at(a.event.date_range.start));
  return [...upcoming, ...ended];
}

/** Spec: 4 events at a time on wide screens, then 3, 2 and 1 (the sm, md and lg breakpoints). */
const PER_VIEW: ReadonlyArray<readonly [query: string, count: number]> = [
  ['(min-width: 64rem)', 4],
  ['(min-width: 48rem)', 3],
  ['(min-width: 40rem)', 2],
];

function cardsPerView(): number {
  return PER_VIEW.find(([query]) => window.matchMedia(query).matches)?.[1] ?? 1;
}

function subscribe(onChange: () => void): () => void {
  const lists = PER_VIEW.map(([query]) => window.matchMedia(query));
  for (const list of lists) list.addEventListener('change', onChange);
  return () => {
    for (const list of lists) list.removeEventListener('change', onChange);
  };
}

/** How many event cards the screen shows side by side. */
export function useCardsPerView(): number {
  return useSyncExternalStore(subscribe, cardsPerView);
}
