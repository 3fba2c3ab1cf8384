/**
 * Loading a screen catalogue from a screen that is itself loaded lazily (the course page's reviews, the invite dialog).
 * Such a chunk must not import `@/i18n` (src/i18n/index.ts): the bundler would then move that
 * module's dependencies out of the entry into chunks of their own, and every page's first load would
 * grow. It asks this module instead, which index.ts gives its `loadCatalogue` when it starts.
 */
export type ScreenCatalogueName =
  // The signed-in screens', the trainer's, and public pieces loaded after their page (lingui.config.ts).
  | 'account'
  | 'trainer'
  | 'staff'
  | 'community'
  // Each public route's (ROUTE_CATALOGUES in lingui.config.ts).
  | 'home'
  | 'catalogue'
  | 'course'
  | 'events'
  | 'about'
  | 'contact'
  | 'issues'
  | 'auth';

let load: ((name: ScreenCatalogueName) => Promise<void>) | undefined;

/** Called once by src/i18n/index.ts. */
export function provideCatalogueLoader(loader: (name: ScreenCatalogueName) => Promise<void>): void {
  load = loader;
}

/** A lazily loaded screen's module, resolved once its catalogue is there too. */
export async function withScreenCatalogue<T>(name: ScreenCatalogueName, module: Promise<T>): Promise<T> {
  const [loaded] = await Promise.all([module, load?.(name)]);
  return loaded;
}
