import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Paged } from '@contract/wire/common';
import type { CourseCard } from '@contract/wire/courses';
import type { EventSummary } from '@contract/wire/events';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { paths } from '@/routing/paths';
import { ROOT } from '../../server/paths';
import { photo } from '../fixtures/images';
import { approvedCourse, trainerToken } from './support/authoring';
import { productSuite } from './support/suite';

const suite = productSuite();

interface Target {
  name: string;
  path: string;
  /** The route's own catalogue (lingui.config.ts), preloaded with the shell's messages. */
  catalogue: string;
  /** The picture the page shows largest, preloaded once its answer arrives (by language). */
  picture?: { en: string; ar: string };
}

const targets: Target[] = [];

beforeAll(async () => {
  const course = (await suite.read<Paged<CourseCard>>('/course/browse-course-list/?page=1&limit=1'))
    .results[0];
  const event = (await suite.read<Paged<EventSummary>>('/event/?page=1&limit=1')).results[0];
  const hero = await suite.read<{ image: string; image_ar: string }>('/cms/hero-section/');
  const promotion = await suite.read<{ image: string }>('/cms/about-page-promotion/');
  if (!course || !event) throw new Error('the seed has no course or no event');
  targets.push(
    { name: 'home', path: paths.home(), catalogue: 'home', picture: { en: hero.image, ar: hero.image_ar } },
    { name: 'catalogue', path: paths.catalogue(), catalogue: 'catalogue' },
    { name: 'search results', path: paths.searchResults({ search: 'data' }), catalogue: 'catalogue' },
    {
      name: 'course details',
      path: paths.courseDetails(course.id),
      catalogue: 'course',
      picture: { en: course.cover_image, ar: course.cover_image },
    },
    {
      name: 'event details',
      path: paths.eventDetails(event.id),
      catalogue: 'events',
      picture: { en: event.image, ar: event.image },
    },
    {
      name: 'about',
      path: paths.about(),
      catalogue: 'about',
      picture: { en: promotion.image, ar: promotion.image },
    },
    { name: 'contact', path: paths.contact(), catalogue: 'contact' },
  );
});

/** The address of a language's catalogue in the build (chunks are named by their hash). */
function messagesChunk(language: 'en' | 'ar', catalogue = 'messages'): string {
  const manifest = JSON.parse(readFileSync(join(ROOT, 'dist/.vite/manifest.json'), 'utf8')) as Record<
    string,
    { file: string }
  >;
  const chunk = manifest[`src/i18n/locales/${language}/${catalogue}.po`];
  if (!chunk) throw new Error(`the build has no ${language} ${catalogue} messages`);
  return `/${chunk.file}`;
}

/** Every GET of the API the page makes, by address. */
function recordApiReads(page: Page): string[] {
  const reads: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.method() === 'GET' && url.pathname.startsWith('/api/v1/'))
      reads.push(url.pathname + url.search);
  });
  return reads;
}

describe("a public page's data, picture and script are asked for before the app's script runs", () => {
  // Each language (its messages and font) and each width (its pictures) once.
  for (const [language, width] of [
    ['en', 'phone'],
    ['ar', 'desktop'],
  ] as const) {
    it(`${language}, ${width}: each answer is asked for once, early, and taken by the app`, async () => {
      const { page, problems } = await suite.open({ language, width });
      for (const target of targets) {
        const reads = recordApiReads(page);
        await page.goto(target.path);
        await page.waitForLoadState('networkidle');
        await expect.poll(() => page.locator('[aria-busy="true"]').count(), { message: target.name }).toBe(0);
        // The script in index.html made the requests; the app took every answer instead of asking again.
        const left = await page.evaluate(() => (window.__kfuEarly ? window.__kfuEarly.size : -1));
        expect(left, `${target.name}: early answers the app did not take`).toBe(0);
        expect(reads.length, target.name).toBeGreaterThan(0);
        expect(
          reads.filter((read, index) => reads.indexOf(read) !== index),
          target.name,
        ).toEqual([]);
        const head = await page.evaluate(() =>
          [...document.head.querySelectorAll('link[rel="modulepreload"], link[rel="preload"]')].map(
            (link) => `${link.getAttribute('rel')} ${link.getAttribute('href')}`,
          ),
        );
        expect(head, `${target.name}: messages preloaded`).toEqual(
          expect.arrayContaining([
            `modulepreload ${messagesChunk(language)}`,
            `modulepreload ${messagesChunk(language, target.catalogue)}`,
          ]),
        );
        if (target.picture) expect(head, target.name).toContain(`preload ${target.picture[language]}`);
      }
      expect(problems).toEqual([]);
    });
  }

  it('a failed early request is made again by the app, which then shows the page', async () => {
    const { page, problems } = await suite.open({ language: 'ar', width: 'phone' });
    let refused = 0;
    await page.route('**/api/v1/cms/hero-section/', async (route) => {
      // The first request (the early one) fails; the app's own one gets through.
      if (refused++ === 0) return route.fulfill({ status: 503, body: '{}' });
      return route.continue();
    });
    await page.goto(paths.home());
    await expect.poll(() => page.locator('main h1').count()).toBeGreaterThan(0);
    await expect.poll(() => page.locator('[aria-busy="true"]').count()).toBe(0);
    expect(refused).toBe(2);
    expect(await page.locator('main [role="alert"]').count()).toBe(0);
    // The browser reports the refused request itself; nothing else may go wrong.
    expect(problems.filter((problem) => !problem.includes('503'))).toEqual([]);
  });
});

describe('an uploaded cover comes in the width and format that fit the screen', () => {
  let course: { id: number; title: string; title_ar: string };
  beforeAll(async () => {
    const token = await trainerToken(suite);
    course = await approvedCourse(
      suite,
      token,
      {},
      { bytes: await photo(1600, 900), name: 'cover.jpg', type: 'image/jpeg' },
    );
  }, 60_000);

  /** The responses for covers the page receives: address and type. */
  function recordCovers(page: Page): { address: string; type: string }[] {
    const covers: { address: string; type: string }[] = [];
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.pathname.startsWith('/api/v1/covers/'))
        covers.push({ address: url.pathname + url.search, type: response.headers()['content-type'] ?? '' });
    });
    return covers;
  }

  /** The address the browser drew the image from, once it has. */
  async function drawnFrom(page: Page, selector: string): Promise<string> {
    const image = page.locator(selector).first();
    await expect
      .poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0))
      .toBe(true);
    const drawn = await image.evaluate((element: HTMLImageElement) => element.currentSrc);
    const url = new URL(drawn);
    return url.pathname + url.search;
  }

  // Each width once (what is drawn depends on it), each in one of the languages.
  for (const [language, width, pageWidth, cardWidth] of [
    ['ar', 'phone', 480, 480],
    ['en', 'desktop', 960, 480],
  ] as const) {
    it(`${language}, ${width}: the course page draws the AVIF copy it preloaded, once; a card a smaller one`, async () => {
      const { page, problems } = await suite.open({ language, width });
      const covers = recordCovers(page);
      await page.goto(paths.courseDetails(course.id));
      const drawn = await drawnFrom(page, 'main img[fetchpriority="high"]');
      expect(drawn).toMatch(new RegExp(`^/api/v1/covers/[0-9a-f-]{36}\\.jpg\\?w=${pageWidth}$`));
      // The early script preloaded the very copy the page draws: it is fetched once, as AVIF.
      expect(covers).toEqual([{ address: drawn, type: 'image/avif' }]);

      expect(problems).toEqual([]);

      // In a new tab (a browser draws a larger copy it already holds rather than fetch a smaller).
      const results = await suite.open({ language, width });
      const cardCovers = recordCovers(results.page);
      await results.page.goto(paths.searchResults({ search: course.title }));
      const card = await drawnFrom(results.page, 'main article img');
      expect(card).toBe(drawn.replace(/\?w=\d+$/, `?w=${cardWidth}`));
      expect(cardCovers).toEqual([{ address: card, type: 'image/avif' }]);
      expect(results.problems).toEqual([]);
    });
  }
});
