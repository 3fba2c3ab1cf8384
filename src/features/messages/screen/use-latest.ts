import { useLayoutEffect, useRef } from 'react';

/**
 * The newest value in a ref: the view model's functions are made anew with every snapshot, so an
 * effect that calls one reads it here instead of re-running whenever it changes.
 */
export function useLatest<T>(value: T): { readonly current: T } {
  const ref = useRef(value);
  useLayoutEffect(() => {
    ref.current = value;
  });
  return ref;
}
