import { type ComponentType, lazy } from 'react';
import { parse } from 'regexparam';
import { matchRoute } from 'wouter';
import type { RouteView } from '@/routing/route-view';

/**
 * A route's view, loaded on first use like `React.lazy`, that can also be loaded ahead
 * (`preload`): once loaded, `component()` is the view itself, which renders without suspending. The
 * first page of a visit loads its view beside the messages, so it shows in the first render and its
 * data calls start then, rather than after a suspended render is revealed.
 */
export interface LazyView {
  preload(): Promise<void>;
  /** The view once loaded; before that, a lazy component that loads it. */
  component(): ComponentType<RouteView>;
}

export function lazyView(load: () => Promise<{ default: ComponentType<RouteView> }>): LazyView {
  let loaded: ComponentType<RouteView> | undefined;
  let loading: Promise<void> | undefined;
  const preload = () => {
    loading ??= load().then(
      (module) => {
        loaded = module.default;
      },
      (error: unknown) => {
        // A failed download may work next time (a retry once the network is back).
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const suspending = lazy(async () => {
    await preload();
    return { default: loaded as ComponentType<RouteView> };
  });
  return { preload, component: () => loaded ?? suspending };
}

/**
 * Loads the view of the first route whose pattern matches `path` (wouter's own matching, as its
 * `<Switch>` does); resolves once it is loaded, or at once when nothing matches or the download
 * fails (the route's render then shows the failure).
 */
export async function preloadView(
  routes: readonly { path: string; view: LazyView }[],
  path: string,
): Promise<void> {
  const route = routes.find((candidate) => matchRoute(parse, candidate.path, path)[0]);
  await route?.view.preload().catch(() => undefined);
}
