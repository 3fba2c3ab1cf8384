import type { ResourceViewModel } from '@machines/resource.connect';
import { type ReactNode, Suspense, useEffect, useState } from 'react';
import { Failure } from './Failure';

/**
 * One way for every read: a placeholder while loading, the reason and a retry on failure, and the
 * reason alone for a read the server says does not exist (404), where trying again cannot help;
 * pages about one thing show their own not-found view instead (`NotFound`). `state` is the resource
 * connect's view model (`useResource`). The busy wrapper takes no box of its own
 * (`display: contents`), so a placeholder built like the content sits in the same grid or flex
 * layout and has the content's dimensions.
 */
export function ResourceView<T>({
  state,
  loading,
  children,
}: {
  state: ResourceViewModel<T>;
  loading: ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (state.status === 'loading') {
    return (
      <div aria-busy="true" className="contents">
        {loading}
      </div>
    );
  }
  if (state.status === 'missing') {
    return <Failure error={state.error} className="rounded-xl bg-red-50 p-4 text-red-800" />;
  }
  if (state.status === 'failed') {
    return (
      <Failure error={state.error} retry={state.retry} className="rounded-xl bg-red-50 p-4 text-red-800" />
    );
  }
  return <>{children(state.data)}</>;
}

/** A grey block standing in for content that is loading. */
export function Placeholder({ className }: { className: string }) {
  return <div className={`animate-pulse rounded-xl bg-slate-200 ${className}`} />;
}

const SLOTS = ['first', 'second', 'third', 'fourth'] as const;

/** Four placeholders in the card grid a list will fill. */
export function PlaceholderGrid({ itemClassName }: { itemClassName: string }) {
  return (
    <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
      {SLOTS.map((slot) => (
        <Placeholder key={slot} className={itemClassName} />
      ))}
    </div>
  );
}

/** The longest wait for a frame: a hidden tab paints none, and its parts should still load. */
const MOST_WAIT_MS = 200;

/**
 * Shows `fallback` until the browser has painted what rendered with it, then `children` (a lazy part,
 * with the same fallback while its code loads). A page's main content and picture then reach the
 * screen before the parts below or beside them start downloading: on a slow phone those downloads
 * would otherwise share the line with the picture.
 */
export function AfterPaint({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const show = () => setPainted(true);
    // The task after the next frame runs once that frame is on the screen.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(show, 0);
    });
    const longest = setTimeout(show, MOST_WAIT_MS);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
      clearTimeout(longest);
    };
  }, []);
  return painted ? <Suspense fallback={fallback}>{children}</Suspense> : fallback;
}
