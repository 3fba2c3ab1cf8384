import type { ReactNode } from 'react';
import { Failure } from '@/ui/Failure';
import { Placeholder } from '@/ui/ResourceView';

/** Three cards of grey lines where a list's items will be, while it is first read. */
export function PlaceholderCards() {
  return (
    <ul className="flex flex-col gap-3">
      {['a', 'b', 'c'].map((slot) => (
        <li key={slot} className="flex flex-col gap-2 rounded-2xl border border-slate-200 bg-white p-4">
          <Placeholder className="h-5 w-40" />
          <Placeholder className="h-4 w-2/3" />
          <Placeholder className="h-4 w-1/2" />
        </li>
      ))}
    </ul>
  );
}

/**
 * A back-office list: why it could not be read (with Try again), three placeholder cards until it
 * is first read, a sentence when it is empty, else its items (each rendered with its key). While it
 * is read again, the items shown stay and the list says it is busy.
 */
export function StaffList<T>({
  items,
  error,
  retry,
  busy,
  empty,
  render,
}: {
  items: readonly T[] | null;
  error: unknown;
  retry: () => void;
  busy: boolean;
  empty: string;
  render: (item: T, index: number, all: readonly T[]) => ReactNode;
}) {
  return (
    <>
      {error !== null && (
        <Failure error={error} retry={retry} className="rounded-xl bg-red-50 p-4 text-red-800" />
      )}
      <div aria-busy={busy} aria-live="polite">
        {items === null ? (
          error === null && <PlaceholderCards />
        ) : items.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-700">
            {empty}
          </p>
        ) : (
          <ul className="flex flex-col gap-3">{items.map(render)}</ul>
        )}
      </div>
    </>
  );
}
