import type { ComponentType } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { type LazyView, lazyView, preloadView } from '@/app/lazy-view';
import type { RouteView } from '@/routing/route-view';

const Page: ComponentType<RouteView> = () => null;

function counted(fail = 0) {
  let failures = fail;
  const load = vi.fn(async () => {
    if (failures-- > 0) throw new Error('network');
    return { default: Page };
  });
  return { load, view: lazyView(load) };
}

describe('lazyView', () => {
  it('is a lazy component until loaded, then the view itself; loads once', async () => {
    const { load, view } = counted();
    const before = view.component();
    expect(before).not.toBe(Page);
    expect((before as { $$typeof?: symbol }).$$typeof).toBe(Symbol.for('react.lazy'));
    await Promise.all([view.preload(), view.preload()]);
    expect(view.component()).toBe(Page);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries again after a failed download', async () => {
    const { load, view } = counted(1);
    await expect(view.preload()).rejects.toThrow('network');
    expect(view.component()).not.toBe(Page);
    await view.preload();
    expect(view.component()).toBe(Page);
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('preloadView', () => {
  const routeOf = (path: string) => ({ path, view: counted().view });

  it('loads the view of the first route matching the path, and only that one', async () => {
    const table = [routeOf('/'), routeOf('/course-details/:id'), routeOf('/course-details/:id')];
    await preloadView(table, '/course-details/42');
    const loaded = (view: LazyView) => view.component() === Page;
    expect(table.map((route) => loaded(route.view))).toEqual([false, true, false]);
  });

  it('resolves when nothing matches or the download fails', async () => {
    const failing = { path: '/about-us', view: counted(1).view };
    await expect(preloadView([failing], '/about-us')).resolves.toBeUndefined();
    await expect(preloadView([failing], '/nowhere')).resolves.toBeUndefined();
  });
});
