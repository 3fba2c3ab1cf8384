import type { LoaderEvent } from './loader.machine';

/** What a screen shows while its first read runs: the placeholder, the failure and Try again, or missing. */
export type LoaderView =
  | { status: 'loading' }
  | { status: 'failed'; error: unknown; retry: () => void }
  | { status: 'missing'; error: unknown };

/** The loader child as a screen's snapshot holds it (`snapshot.children.loader`). */
export interface LoaderChild {
  getSnapshot(): { value: string; context: { error: unknown } };
  send(event: LoaderEvent): void;
}

/** The view of a screen's loader; loading when the screen runs none. Try again is sent to the loader. */
export function connectLoader(loader: LoaderChild | undefined): LoaderView {
  if (!loader) return { status: 'loading' };
  const { value, context } = loader.getSnapshot();
  if (value === 'failed') {
    return { status: 'failed', error: context.error, retry: () => loader.send({ type: 'loader.retry' }) };
  }
  if (value === 'missing') return { status: 'missing', error: context.error };
  return { status: 'loading' };
}
