/**
 * Early data: a public page's API answers, its largest picture and its script are requested by a
 * small script inlined in index.html (`vite.config.ts`, plugin `kfu:early-data`), while the app's
 * own script is still downloading. Without it each waits for the one before: the app's script, then
 * the page's view, then its data, then the picture the data names.
 *
 * The app takes an answer once, from `takeEarly` in the API client, when it makes the same call
 * within `EARLY_MAX_AGE_MS` of the page's start; a failed early request is made again as usual, so
 * errors read as they always do. This file and what it imports are also bundled on their own into
 * one classic script in index.html: it imports only small modules free of the app's libraries.
 */

import { COVER_SIZES, coverSrcSet } from '@/entities/course/cover';

export type EarlyLanguage = 'en' | 'ar';

/** Public views whose script the inline script preloads (the build lists each one's files). */
export type EarlyView =
  | 'home'
  | 'catalogue'
  | 'course'
  | 'event'
  | 'about'
  | 'contact'
  | 'reportIssue'
  | 'verify';

export interface EarlyPlan {
  view: EarlyView;
  /** API addresses below the API base, as the app asks for them. */
  calls: string[];
  /**
   * The call whose answer names the page's largest picture, the field that holds it, and the
   * `sizes` its view draws it with when it has a `srcset`.
   */
  picture?: { call: string; field: string; sizes?: string };
}

/** An answer is taken only this soon after the page started (the API client's own time limit). */
export const EARLY_MAX_AGE_MS = 10_000;

/** The storage key of the language (src/i18n/languages.ts). */
const LANGUAGE_KEY = 'language';

/** The catalogue's page size (src/api/courses.ts CATALOGUE_PAGE_SIZE); the home page's lists. */
const CATALOGUE_PAGE_SIZE = 25;
const HOME_COURSES = '/course/browse-course-list/?page=1&limit=25';
const HOME_EVENTS = '/event/?page=1&limit=12';
/** The footer's details, on every page. */
const FOOTER = '/cms/king-fahad-details/';

/** Only plain ids: anything else is left for the app to refuse. */
function idOf(segment: string | undefined): string | undefined {
  return segment && /^\d{1,9}$/.test(segment) ? segment : undefined;
}

/**
 * The catalogue's first call when the address asks for no more than a search text: the list of the
 * page (`/course/browse-course-list/` or `/course/search-result/`), as `src/api/courses.ts` asks for
 * it. Filters and later pages are left to the app.
 */
function catalogueCall(list: string, search: string): string | undefined {
  const params = new URLSearchParams(search);
  for (const name of params.keys()) if (name !== 'search') return undefined;
  const text = (params.get('search') ?? '').trim();
  const query = new URLSearchParams({ page: '1', limit: String(CATALOGUE_PAGE_SIZE) });
  if (text) query.set('search', text);
  return `${list}?${query.toString()}`;
}

/** What to request early for an address of the app; undefined for pages that are not public views. */
export function earlyPlan(pathname: string, search: string, language: EarlyLanguage): EarlyPlan | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const [, first, second, extra] = path.split('/');
  if (extra !== undefined) return undefined;
  const picture = language === 'ar' ? 'image_ar' : 'image';
  if (path === '/') {
    const hero = '/cms/hero-section/';
    return {
      view: 'home',
      calls: [
        hero,
        HOME_COURSES,
        '/cms/key-benefits-of-trainee-feature/',
        '/cms/become-a-trainer/',
        HOME_EVENTS,
        FOOTER,
      ],
      picture: { call: hero, field: picture },
    };
  }
  if ((first === 'browse-course-list' || first === 'search-result') && second === undefined) {
    const list = catalogueCall(
      first === 'browse-course-list' ? '/course/browse-course-list/' : '/course/search-result/',
      search,
    );
    return {
      view: 'catalogue',
      calls: ['/course/category/', '/course/availability/', ...(list ? [list] : []), FOOTER],
    };
  }
  if (first === 'course-details') {
    const id = idOf(second);
    if (!id) return undefined;
    const about = `/course/about/${id}/`;
    return {
      view: 'course',
      calls: [about, FOOTER],
      picture: { call: about, field: 'cover_image', sizes: COVER_SIZES.page },
    };
  }
  if (first === 'event-details') {
    const id = idOf(second);
    if (!id) return undefined;
    const event = `/event/${id}/`;
    return { view: 'event', calls: [event, FOOTER], picture: { call: event, field: 'image' } };
  }
  if (second !== undefined && first !== 'verify') return undefined;
  switch (first) {
    case 'about-us': {
      const promotion = '/cms/about-page-promotion/';
      return {
        view: 'about',
        calls: [promotion, '/cms/about-page-our-story/', FOOTER],
        picture: { call: promotion, field: 'image' },
      };
    }
    case 'contact-us':
      return { view: 'contact', calls: ['/cms/get-in-touch-title/', FOOTER] };
    case 'report-an-issue':
      return { view: 'reportIssue', calls: [FOOTER] };
    case 'verify':
      return { view: 'verify', calls: [FOOTER] };
    default:
      return undefined;
  }
}

/** One address, whatever the order of its query's parameters. */
export function earlyKey(address: string): string {
  const url = new URL(address, 'http://early.invalid');
  url.searchParams.sort();
  return `${url.pathname}?${url.searchParams.toString()}`;
}

export interface EarlyEntry {
  /** When the request was made (performance.now()). */
  at: number;
  response: Promise<Response>;
}

/** The requests made early, by `earlyKey` of their address; each is taken once. */
export type EarlyRegistry = Map<string, EarlyEntry>;

declare global {
  interface Window {
    __kfuEarly?: EarlyRegistry;
  }
}

/**
 * The early answer to a GET of `address` (the whole address, API base included), taken out of the
 * registry; undefined when there is none or it is older than `EARLY_MAX_AGE_MS`.
 */
export function takeEarly(
  address: string,
  registry: EarlyRegistry | undefined = typeof window === 'undefined' ? undefined : window.__kfuEarly,
  now: number = performance.now(),
): Promise<Response> | undefined {
  if (!registry?.size) return undefined;
  const key = earlyKey(address);
  const entry = registry.get(key);
  if (!entry) return undefined;
  registry.delete(key);
  return now - entry.at <= EARLY_MAX_AGE_MS ? entry.response : undefined;
}

/** The script files of each view, the messages and web font files of each language, as the build named them. */
export interface EarlyFiles {
  views: Partial<Record<EarlyView, string[]>>;
  messages: Partial<Record<EarlyLanguage, string>>;
  /** Each view's own messages (its route's catalogue, lingui.config.ts), by language. */
  viewMessages?: Partial<Record<EarlyLanguage, Partial<Record<EarlyView, string>>>>;
  /** The web font's files for a language's script (Latin or Arabic), in the weights the app uses. */
  fonts?: Partial<Record<EarlyLanguage, string[]>>;
}

/** A picture's `srcset` and `sizes`. */
export interface PictureSet {
  srcset: string;
  sizes: string;
}

/** What a preload link is for: a module of the app, the page's picture, or a web font file. */
export type EarlyLink = 'modulepreload' | 'image' | 'font';

export interface EarlyEnvironment {
  pathname: string;
  search: string;
  language: EarlyLanguage;
  /** The API's base address (`/api/v1`). */
  apiBase: string;
  files: EarlyFiles;
  registry: EarlyRegistry;
  now(): number;
  fetch(address: string, init: RequestInit): Promise<Response>;
  /**
   * Adds a preload `<link>` of the kind to the document's head; a picture drawn with a `srcset`
   * is preloaded with the same `srcset` and `sizes`, so that the browser fetches the one it draws.
   */
  link(kind: EarlyLink, href: string, set?: PictureSet): void;
}

/** Only the app's own pictures are preloaded: a path on this site (not `//host` nor `/\\host`). */
function ownPicture(value: unknown): value is string {
  return typeof value === 'string' && /^\/(?![/\\])/.test(value);
}

/** Starts the requests of the page's plan; returns the plan, or undefined when there is none. */
export function startEarly(env: EarlyEnvironment): EarlyPlan | undefined {
  // Every page: the web font of its language is there by the first render, so it shows at once
  // (its faces are `font-display: optional`: text never changes font after it is shown).
  for (const file of env.files.fonts?.[env.language] ?? []) env.link('font', file);
  const plan = earlyPlan(env.pathname, env.search, env.language);
  if (!plan) return undefined;
  for (const file of [
    ...(env.files.views[plan.view] ?? []),
    env.files.messages[env.language],
    env.files.viewMessages?.[env.language]?.[plan.view],
  ]) {
    if (file) env.link('modulepreload', file);
  }
  for (const call of plan.calls) {
    const address = env.apiBase + call;
    const response = env.fetch(address, {
      headers: { Accept: 'application/json' },
      // Browsers without AbortSignal.timeout (before 2022) wait as long as the request takes.
      signal: typeof AbortSignal.timeout === 'function' ? AbortSignal.timeout(EARLY_MAX_AGE_MS) : null,
    });
    // A failure is the app's to report when it makes the call itself.
    response.catch(() => undefined);
    env.registry.set(earlyKey(address), { at: env.now(), response });
    if (plan.picture?.call === call) {
      const { field, sizes } = plan.picture;
      response
        .then((answer) => (answer.ok ? answer.clone().json() : undefined))
        .then((body: Record<string, unknown> | undefined) => {
          const picture = body?.[field];
          if (!ownPicture(picture)) return;
          const srcset = coverSrcSet(picture);
          env.link('image', picture, srcset && sizes ? { srcset, sizes } : undefined);
        })
        .catch(() => undefined);
    }
  }
  return plan;
}

/** In index.html: starts the requests of this page, with the files the build names. */
export function startEarlyInBrowser(apiBase: string, files: EarlyFiles): void {
  let language: EarlyLanguage = 'en';
  try {
    if (localStorage.getItem(LANGUAGE_KEY) === 'ar') language = 'ar';
  } catch {
    // Storage may be refused; the default language then applies, as in the app.
  }
  const registry: EarlyRegistry = new Map();
  window.__kfuEarly = registry;
  startEarly({
    pathname: location.pathname,
    search: location.search,
    language,
    apiBase,
    files,
    registry,
    now: () => performance.now(),
    fetch: (address, init) => fetch(address, init),
    link(kind, href, set) {
      const link = document.createElement('link');
      link.rel = kind === 'modulepreload' ? kind : 'preload';
      link.href = href;
      if (kind === 'image') {
        link.as = 'image';
        link.setAttribute('fetchpriority', 'high');
        if (set) {
          link.setAttribute('imagesrcset', set.srcset);
          link.setAttribute('imagesizes', set.sizes);
        }
      }
      if (kind === 'font') {
        link.as = 'font';
        link.type = 'font/woff2';
        // Fonts are fetched without credentials (CORS): the preload must be asked for the same way.
        link.crossOrigin = 'anonymous';
      }
      document.head.append(link);
    },
  });
}
