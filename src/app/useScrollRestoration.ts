import { useEffect } from 'react';

/**
 * Where the window stands after a navigation, as a visitor expects from separate pages: a new page
 * starts at its top (or at the section its address names, `/#request-a-course`), and Back or
 * Forward return to where the user was on that entry. Positions are kept per history entry, under a
 * key stored in the entry's state, so that two visits of the same address keep their own place.
 *
 * Pages fill in as their data arrives, which moves what is below: an anchor, or the position Back
 * returns to, is applied again each time the page's height changes, until the user scrolls, types
 * or taps, or a few seconds pass.
 * The sticky header's height is left free by `scroll-padding-top` (styles.css).
 */
const STATE_KEY = 'scrollKey';
const STORAGE_KEY = 'kfu.scroll-positions';
/** How long a target is held while the page fills in. */
const SETTLE_MS = 8000;
/** Positions kept for the session's last entries. */
const KEPT_ENTRIES = 50;

type Target = { kind: 'top' } | { kind: 'position'; y: number } | { kind: 'anchor'; id: string };

function keyOf(state: unknown): string | undefined {
  if (typeof state !== 'object' || state === null) return undefined;
  const key = (state as Record<string, unknown>)[STATE_KEY];
  return typeof key === 'string' ? key : undefined;
}

function newKey(): string {
  return Math.random().toString(36).slice(2, 10);
}

/** Tags the current entry with `key`, keeping whatever state it holds. */
function tagEntry(key: string): void {
  const state = history.state;
  if (state !== null && typeof state !== 'object') return;
  history.replaceState({ ...(state ?? {}), [STATE_KEY]: key }, '');
}

function readPositions(): Map<string, number> {
  try {
    const stored = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]') as unknown;
    if (!Array.isArray(stored)) return new Map();
    return new Map(
      stored.filter(
        (entry): entry is [string, number] =>
          Array.isArray(entry) && typeof entry[0] === 'string' && typeof entry[1] === 'number',
      ),
    );
  } catch {
    return new Map();
  }
}

function writePositions(positions: Map<string, number>): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify([...positions].slice(-KEPT_ENTRIES)));
  } catch {
    // Storage full or refused: positions are still kept for this page's life.
  }
}

function anchorOf(hash: string): string | undefined {
  if (hash.length < 2) return undefined;
  try {
    return decodeURIComponent(hash.slice(1));
  } catch {
    return hash.slice(1);
  }
}

function startScrollRestoration(): () => void {
  const previousRestoration = history.scrollRestoration;
  history.scrollRestoration = 'manual';
  const positions = readPositions();
  let currentKey = keyOf(history.state) ?? newKey();
  if (!keyOf(history.state)) tagEntry(currentKey);
  let address = location.pathname + location.search;
  let stopSettling = () => {};

  const remember = () => {
    positions.delete(currentKey);
    positions.set(currentKey, window.scrollY);
  };

  /** Applies the target now, and again whenever the page's height changes, until the user acts. */
  function settle(target: Target): void {
    stopSettling();
    const apply = () => {
      if (target.kind === 'anchor') {
        const element = document.getElementById(target.id);
        if (element) element.scrollIntoView({ block: 'start' });
        else window.scrollTo(0, 0);
      } else if (target.kind === 'position') {
        // Held, not only reached: the page fills in as it did before, and only the full page puts
        // the position where the user left it.
        window.scrollTo(0, target.y);
      } else {
        window.scrollTo(0, 0);
      }
    };
    if (target.kind === 'top') {
      // Nothing that loads later moves the top of a page: once is enough.
      requestAnimationFrame(apply);
      return;
    }
    let frame = requestAnimationFrame(apply);
    const observer = new ResizeObserver(() => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(apply);
    });
    observer.observe(document.body);
    const userActs = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;
    const timer = window.setTimeout(() => stopSettling(), SETTLE_MS);
    const stop = () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
      window.clearTimeout(timer);
      for (const type of userActs) window.removeEventListener(type, stop, true);
      stopSettling = () => {};
    };
    for (const type of userActs) window.addEventListener(type, stop, { capture: true, passive: true });
    stopSettling = stop;
  }

  const freshTarget = (): Target => {
    const id = anchorOf(location.hash);
    return id ? { kind: 'anchor', id } : { kind: 'top' };
  };

  // The page's own position is recorded as the user scrolls, so a reload finds it too.
  let pending = 0;
  const onScroll = () => {
    if (pending) return;
    pending = requestAnimationFrame(() => {
      pending = 0;
      remember();
      writePositions(positions);
    });
  };

  // A link or `navigate`: the old page is still shown, so its position is taken now; the new entry
  // gets its own key and starts at its top or its anchor.
  const onPush = () => {
    cancelAnimationFrame(pending);
    pending = 0;
    remember();
    writePositions(positions);
    currentKey = newKey();
    address = location.pathname + location.search;
    tagEntry(currentKey);
    settle(freshTarget());
  };

  // A replaced entry (a redirect, our own tagging) keeps its key; a new address starts at the top.
  const onReplace = () => {
    if (!keyOf(history.state)) tagEntry(currentKey);
    const next = location.pathname + location.search;
    if (next === address) return;
    address = next;
    settle(freshTarget());
  };

  // Back or Forward: the page still shown is the one left, so its position is taken first.
  const onPop = () => {
    remember();
    writePositions(positions);
    address = location.pathname + location.search;
    const key = keyOf(history.state);
    if (!key) {
      // A fragment link the browser followed itself (the skip link): a new entry it has scrolled.
      currentKey = newKey();
      tagEntry(currentKey);
      return;
    }
    currentKey = key;
    const y = positions.get(key);
    settle(y === undefined ? freshTarget() : { kind: 'position', y });
  };

  // On arrival (a link from outside, a reload): the address's anchor, or the position it had.
  const arrival = positions.get(currentKey);
  const id = anchorOf(location.hash);
  if (id) settle({ kind: 'anchor', id });
  else if (arrival !== undefined) settle({ kind: 'position', y: arrival });

  window.addEventListener('scroll', onScroll, { passive: true });
  window.addEventListener('pushState', onPush);
  window.addEventListener('replaceState', onReplace);
  window.addEventListener('popstate', onPop);
  return () => {
    stopSettling();
    cancelAnimationFrame(pending);
    window.removeEventListener('scroll', onScroll);
    window.removeEventListener('pushState', onPush);
    window.removeEventListener('replaceState', onReplace);
    window.removeEventListener('popstate', onPop);
    history.scrollRestoration = previousRestoration;
  };
}

/** Keeps the window's position per history entry for the app's whole life (see above). */
export function useScrollRestoration(): void {
  useEffect(() => startScrollRestoration(), []);
}
