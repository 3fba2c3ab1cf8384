import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Paged } from '@/contract/common';
import type { CourseCard } from '@/contract/courses';
import type { EventSummary } from '@/contract/events';
import { paths } from '@/routing/paths';
import { productSuite } from './support/suite';

const suite = productSuite();

interface Target {
  name: string;
  path: string;
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
    { name: 'home', path: paths.home(), picture: { en: hero.image, ar: hero.image_ar } },
    { name: 'catalogue', path: paths.catalogue() },
    { name: 'search results', path: paths.searchResults({ search: 'data' }) },
    {
      name: 'course details',
      path: paths.courseDetails(course.id),
      picture: { en: course.cover_image, ar: course.cover_image },
    },
    {
      name: 'event details',
      path: paths.eventDetails(event.id),
      picture: { en: event.image, ar: event.image },
    },
    { name: 'about', path: paths.about(), picture: { en: promotion.image, ar: promotion.image } },
    { name: 'contact', path: paths.contact() },
  );
});

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
  for (const language of ['en', 'ar'] as const) {
    for (const width of ['phone', 'desktop'] as const) {
      it(`${language}, ${width}: each answer is asked for once, early, and taken by the app`, async () => {
        const { page, problems } = await suite.open({ language, width });
        for (const target of targets) {
          const reads = recordApiReads(page);
          await page.goto(target.path);
          await page.waitForLoadState('networkidle');
          await expect
            .poll(() => page.locator('[aria-busy="true"]').count(), { message: target.name })
            .toBe(0);
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
          expect(
            head.some((link) => /^modulepreload \/assets\/messages-/.test(link)),
            `${target.name}: messages preloaded`,
          ).toBe(true);
          if (target.picture) expect(head, target.name).toContain(`preload ${target.picture[language]}`);
        }
        expect(problems).toEqual([]);
      });
    }
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
