import { runInNewContext } from 'node:vm';
import { describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { type ApiClient, createApiClient } from '@/api/client';
import {
  getAboutPromotion,
  getAboutStory,
  getBecomeTrainer,
  getCentreDetails,
  getGetInTouchTitle,
  getHeroSection,
  getKeyBenefits,
} from '@/api/cms';
import {
  browseCourses,
  CATALOGUE_PAGE_SIZE,
  getAvailability,
  getCategories,
  getCourseAbout,
  searchCourses,
} from '@/api/courses';
import { ApiError } from '@/api/errors';
import { getEvent, listEvents } from '@/api/events';
import {
  EARLY_MAX_AGE_MS,
  type EarlyEnvironment,
  type EarlyFiles,
  type EarlyRegistry,
  earlyKey,
  earlyPlan,
  startEarly,
  takeEarly,
} from '@/early/early-data';
import { COVER_SIZES, coverSrcSet } from '@/entities/course/cover';
import { paths } from '@/routing/paths';
import { earlyScript } from '../../scripts/lib/vite-early-data';

const signedOut = { getAccessToken: () => null, refresh: () => Promise.reject(new Error('signed out')) };

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** The whole address each API function asks for, as the client hands it to the early registry. */
async function addressesOf(calls: ((api: ApiClient) => Promise<unknown>)[]): Promise<string[]> {
  const asked: string[] = [];
  const api = createApiClient(
    {
      baseURL: '/api/v1',
      fetch: (async () => json(500, {})) as typeof fetch,
      early: (address) => {
        asked.push(address);
        return undefined;
      },
    },
    signedOut,
  );
  for (const call of calls) await call(api).catch(() => undefined);
  return asked.map(earlyKey);
}

const planned = (path: string, language: 'en' | 'ar' = 'en') => {
  const url = new URL(path, 'http://app.test');
  return earlyPlan(url.pathname, url.search, language);
};
const keysOf = (calls: string[]) => calls.map((call) => earlyKey(`/api/v1${call}`));

describe('what a first page asks for early', () => {
  it('plans the calls the app makes on each public page, by the same addresses', async () => {
    const cases: [string, ((api: ApiClient) => Promise<unknown>)[]][] = [
      [
        paths.home(),
        [
          getHeroSection,
          (api) => browseCourses(api, { page: 1, limit: CATALOGUE_PAGE_SIZE }),
          getKeyBenefits,
          getBecomeTrainer,
          (api) => listEvents(api, { page: 1, limit: 12 }),
          getCentreDetails,
        ],
      ],
      [
        paths.catalogue(),
        [getCategories, getAvailability, (api) => browseCourses(api, { page: 1 }), getCentreDetails],
      ],
      [
        paths.catalogue({ search: 'data science' }),
        [
          getCategories,
          getAvailability,
          (api) => browseCourses(api, { search: 'data science' }),
          getCentreDetails,
        ],
      ],
      [
        paths.searchResults({ search: ' data ' }),
        [getCategories, getAvailability, (api) => searchCourses(api, { search: 'data' }), getCentreDetails],
      ],
      [paths.courseDetails(48, { title: 'Cloud' }), [(api) => getCourseAbout(api, 48), getCentreDetails]],
      [paths.eventDetails(4), [(api) => getEvent(api, 4), getCentreDetails]],
      [paths.about(), [getAboutPromotion, getAboutStory, getCentreDetails]],
      [paths.contact(), [getGetInTouchTitle, getCentreDetails]],
      [paths.reportIssue(), [getCentreDetails]],
      [paths.verifyCertificate('KFU-1'), [getCentreDetails]],
    ];
    for (const [path, calls] of cases) {
      const plan = planned(path);
      expect(plan, path).toBeDefined();
      expect(keysOf(plan?.calls ?? []), path).toEqual(await addressesOf(calls));
    }
  });

  it('leaves filtered catalogue pages to the app, but still fetches the filters', () => {
    const plan = planned(paths.searchResults({ category: [2], page: 2 }));
    expect(plan?.calls).toEqual(['/course/category/', '/course/availability/', '/cms/king-fahad-details/']);
  });

  it('names the picture of each page, in the language shown', () => {
    expect(planned(paths.home(), 'en')?.picture).toEqual({ call: '/cms/hero-section/', field: 'image' });
    expect(planned(paths.home(), 'ar')?.picture).toEqual({ call: '/cms/hero-section/', field: 'image_ar' });
    expect(planned(paths.courseDetails(3))?.picture).toEqual({
      call: '/course/about/3/',
      field: 'cover_image',
      sizes: COVER_SIZES.page,
    });
    expect(planned(paths.eventDetails(3))?.picture).toEqual({ call: '/event/3/', field: 'image' });
  });

  it('plans nothing for signed-in pages, odd ids and unknown addresses', () => {
    for (const path of [
      paths.profile(),
      paths.ongoingCourses(),
      paths.checkoutCourse(3),
      '/course-details/abc',
      '/course-details/3/extra',
      '/event-details/',
      '/no-such-page',
    ]) {
      expect(planned(path), path).toBeUndefined();
    }
  });
});

describe('the early registry', () => {
  const response = () => Promise.resolve(json(200, { ok: true }));

  it('gives an answer once, whatever the order of the query', () => {
    const registry: EarlyRegistry = new Map([
      [earlyKey('/api/v1/event/?page=1&limit=12'), { at: 0, response: response() }],
    ]);
    expect(takeEarly('/api/v1/event/?limit=12&page=1', registry, 5)).toBeDefined();
    expect(takeEarly('/api/v1/event/?limit=12&page=1', registry, 6)).toBeUndefined();
  });

  it('drops an answer older than the time limit', () => {
    const registry: EarlyRegistry = new Map([[earlyKey('/api/v1/x/'), { at: 0, response: response() }]]);
    expect(takeEarly('/api/v1/x/', registry, EARLY_MAX_AGE_MS + 1)).toBeUndefined();
    expect(registry.size).toBe(0);
  });
});

function environment(
  answers: Record<string, Response>,
  files: EarlyFiles,
): EarlyEnvironment & {
  links: [string, string][];
  fetched: { address: string; accept: string | null }[];
} {
  const links: [string, string][] = [];
  const fetched: { address: string; accept: string | null }[] = [];
  return {
    pathname: '/',
    search: '',
    language: 'ar',
    apiBase: '/api/v1',
    files,
    registry: new Map(),
    now: () => 1,
    fetch: async (address, init) => {
      fetched.push({ address, accept: new Headers(init.headers).get('accept') });
      return answers[address]?.clone() ?? json(404, {});
    },
    link: (rel, href) => void links.push([rel, href]),
    links,
    fetched,
  };
}

describe('starting the early requests', () => {
  const files: EarlyFiles = {
    views: { home: ['/assets/HomePage.js', '/assets/dates.js'] },
    messages: { en: '/assets/messages-en.js', ar: '/assets/messages-ar.js' },
    fonts: { en: ['/assets/latin-400.woff2'], ar: ['/assets/arabic-400.woff2'] },
  };

  it("preloads the language's web font, the view's files and messages, requests the calls and the picture", async () => {
    const env = environment(
      {
        '/api/v1/cms/hero-section/': json(200, { image: '/media/hero.svg', image_ar: '/media/hero-ar.svg' }),
      },
      files,
    );
    startEarly(env);
    await vi.waitFor(() => expect(env.links).toContainEqual(['image', '/media/hero-ar.svg']));
    expect(env.links.slice(0, 4)).toEqual([
      ['font', '/assets/arabic-400.woff2'],
      ['modulepreload', '/assets/HomePage.js'],
      ['modulepreload', '/assets/dates.js'],
      ['modulepreload', '/assets/messages-ar.js'],
    ]);
    expect(env.fetched.map((request) => request.address)).toEqual(
      (planned('/')?.calls ?? []).map((call) => `/api/v1${call}`),
    );
    expect(env.fetched.every((request) => request.accept === 'application/json')).toBe(true);
    expect([...env.registry.keys()]).toEqual(keysOf(planned('/')?.calls ?? []));
  });

  it('preloads only the web font on a page with nothing else to ask for early', () => {
    const env = environment({}, files);
    expect(startEarly({ ...env, pathname: '/profile' })).toBeUndefined();
    expect(env.links).toEqual([['font', '/assets/arabic-400.woff2']]);
    expect(env.fetched).toEqual([]);
  });

  it('preloads no picture from another site, nor from a failed answer', async () => {
    const others = [
      'https://elsewhere.example/x.png',
      '//elsewhere.example/x.png',
      '/\\elsewhere.example/x.png',
    ].map((image_ar) => environment({ '/api/v1/cms/hero-section/': json(200, { image_ar }) }, files));
    for (const other of others) startEarly(other);
    const failed = environment(
      { '/api/v1/cms/hero-section/': json(500, { image_ar: '/media/x.svg' }) },
      files,
    );
    startEarly(failed);
    await new Promise((resolve) => setTimeout(resolve, 20));
    for (const other of others) expect(other.links.filter(([kind]) => kind === 'image')).toEqual([]);
    expect(failed.links.filter(([kind]) => kind === 'image')).toEqual([]);
  });
});

describe('the API client and early answers', () => {
  const okSchema = z.object({ ok: z.boolean() });

  function client(early: Promise<Response> | undefined) {
    const fetch = vi.fn(async () => json(200, { ok: false }));
    const taken: string[] = [];
    const api = createApiClient(
      {
        baseURL: '/api/v1',
        fetch: fetch as unknown as typeof globalThis.fetch,
        early: (address) => {
          taken.push(address);
          return early;
        },
      },
      signedOut,
    );
    return { api, fetch, taken };
  }

  it('uses an early answer instead of asking again', async () => {
    const { api, fetch, taken } = client(Promise.resolve(json(200, { ok: true })));
    await expect(api.public(okSchema, '/thing/', { query: { page: 1, search: undefined } })).resolves.toEqual(
      {
        ok: true,
      },
    );
    expect(taken).toEqual(['/api/v1/thing/?page=1']);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('asks again when the early request failed or was refused', async () => {
    for (const early of [Promise.reject(new TypeError('offline')), Promise.resolve(json(503, {}))]) {
      const { api, fetch } = client(early);
      await expect(api.public(okSchema, '/thing/')).resolves.toEqual({ ok: false });
      expect(fetch).toHaveBeenCalledTimes(1);
    }
  });

  it('holds an early answer to the contract', async () => {
    const { api } = client(Promise.resolve(json(200, { ok: 'yes' })));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(api.public(okSchema, '/thing/')).rejects.toBeInstanceOf(ApiError);
  });

  it('never takes an early answer for a form sent, nor for a signed-in call', async () => {
    const { api, taken } = client(Promise.resolve(json(200, { ok: true })));
    await api.public(okSchema, '/thing/', { method: 'POST', body: { a: 1 } });
    await api.authed(okSchema, '/thing/').catch(() => undefined);
    expect(taken).toEqual([]);
  });
});

describe('the script index.html holds', () => {
  const files: EarlyFiles = {
    views: { event: ['/assets/Event.js'], course: ['/assets/Course.js'] },
    messages: { en: '/assets/en.js' },
    fonts: { en: ['/assets/latin-700.woff2'] },
  };

  interface Link {
    rel: string;
    href: string;
    as?: string;
    crossOrigin?: string;
    attributes: Record<string, string>;
  }

  /** Runs the inlined script on `pathname`, every API call answered with `answer`. */
  async function run(pathname: string, answer: unknown) {
    const script = await earlyScript('/api/v1', files);
    expect(script).not.toMatch(/\bexport\b|\bimport\b/);
    const fetched: string[] = [];
    const head: Link[] = [];
    const window: { __kfuEarly?: EarlyRegistry } = {};
    runInNewContext(script, {
      window,
      location: { pathname, search: '' },
      localStorage: { getItem: () => null },
      performance: { now: () => 3 },
      URL,
      URLSearchParams,
      AbortSignal,
      fetch: (address: string) => {
        fetched.push(address);
        return Promise.resolve(json(200, answer));
      },
      document: {
        createElement: () => {
          const attributes: Record<string, string> = {};
          return {
            attributes,
            setAttribute: (name: string, value: string) => {
              attributes[name] = value;
            },
          };
        },
        head: { append: (link: Link) => head.push(link) },
      },
    });
    return { fetched, head, window };
  }

  it('starts the requests of the page it is on, with the files the build names', async () => {
    const { fetched, head, window } = await run('/event-details/7', { image: '/media/e.svg' });
    expect(fetched).toEqual(['/api/v1/event/7/', '/api/v1/cms/king-fahad-details/']);
    expect(window.__kfuEarly?.size).toBe(2);
    expect(head.map((link) => [link.rel, link.href, link.as, link.crossOrigin])).toEqual([
      ['preload', '/assets/latin-700.woff2', 'font', 'anonymous'],
      ['modulepreload', '/assets/Event.js', undefined, undefined],
      ['modulepreload', '/assets/en.js', undefined, undefined],
    ]);
    await vi.waitFor(() => expect(head.map((link) => link.href)).toContain('/media/e.svg'));
    const picture = head.find((link) => link.href === '/media/e.svg');
    expect(picture?.attributes).toEqual({ fetchpriority: 'high' });
  });

  it('preloads an uploaded course cover with the srcset and sizes the course page draws it with', async () => {
    const cover = '/api/v1/covers/9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d.jpg';
    const { head } = await run('/course-details/3', { cover_image: cover });
    await vi.waitFor(() => expect(head.map((link) => link.href)).toContain(cover));
    expect(head.find((link) => link.href === cover)?.attributes).toEqual({
      fetchpriority: 'high',
      imagesrcset: coverSrcSet(cover),
      imagesizes: COVER_SIZES.page,
    });
  });

  it('preloads a seeded vector cover as it is', async () => {
    const { head } = await run('/course-details/3', { cover_image: '/media/covers/business.svg' });
    await vi.waitFor(() => expect(head.map((link) => link.href)).toContain('/media/covers/business.svg'));
    expect(head.find((link) => link.href === '/media/covers/business.svg')?.attributes).toEqual({
      fetchpriority: 'high',
    });
  });
});
