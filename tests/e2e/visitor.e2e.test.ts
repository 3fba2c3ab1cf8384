import type { Paged } from '@contract/wire/common';
import type { CourseCard } from '@contract/wire/courses';
import type { EventSummary } from '@contract/wire/events';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatDateTimeRange } from '@/i18n/dates';
import type { Language } from '@/i18n/languages';
import { paths } from '@/routing/paths';
import { DEMO_ACCOUNTS } from '../../server/demo-accounts';
import { expectNoAxeViolations, type Width } from './support/browser';
import { signInWithTokens } from './support/session';
import { productSuite } from './support/suite';

// As `npm start` runs the product: on the embedded database in its data folder.
const suite = productSuite({ embedded: true });
let events: EventSummary[];
let courses: CourseCard[];

beforeAll(async () => {
  events = (await suite.read<Paged<EventSummary>>('/event/?page=1&limit=12')).results;
  courses = (await suite.read<Paged<CourseCard>>('/course/browse-course-list/?page=1&limit=100')).results;
});

const scrollY = (page: Page) => page.evaluate(() => window.scrollY);

/** Waits until nothing on the page is loading any more: its reads, and the images it shows at once. */
async function settled(page: Page): Promise<void> {
  await expect.poll(() => page.locator('[aria-busy="true"]').count(), { timeout: 10_000 }).toBe(0);
  await page.waitForFunction(() =>
    [...document.images].filter((image) => image.loading !== 'lazy').every((image) => image.complete),
  );
}

/** Whether the element is fully on screen, below the sticky header. */
async function shownBelowHeader(page: Page, element: Locator): Promise<boolean> {
  const box = await element.boundingBox();
  const header = await page.getByRole('banner').boundingBox();
  const height = page.viewportSize()?.height ?? 0;
  if (!box || !header) return false;
  return box.y >= header.y + header.height - 1 && box.y + box.height <= height;
}

const bothLanguagesOnAPhone: Array<{ language: Language; width: Width }> = [
  { language: 'en', width: 'phone' },
  { language: 'ar', width: 'phone' },
];

describe('where a page opens', () => {
  it.each(bothLanguagesOnAPhone)(
    'a course from home opens at its top, and Back returns to the card ($language, $width)',
    async (options) => {
      const { page, screen, home, problems } = await suite.open({ ...options, path: paths.home() });
      await expect.poll(() => home.courseCards.count()).toBe(8);
      await settled(page);
      const card = home.courseLinks.nth(6);
      await card.scrollIntoViewIfNeeded();
      const before = await scrollY(page);
      expect(before).toBeGreaterThan(1000);
      const address = await card.getAttribute('href');
      await card.click();
      await expect.poll(() => screen.pathname()).toBe(address);
      await settled(page);
      expect(await scrollY(page)).toBe(0);
      expect(await shownBelowHeader(page, screen.heading)).toBe(true);

      await page.goBack();
      await expect.poll(() => screen.pathname()).toBe(paths.home());
      await expect.poll(() => scrollY(page), { timeout: 5000 }).toBeCloseTo(before, -1);
      expect(problems).toEqual([]);
    },
  );

  it('an event from home opens at its top (Arabic, phone)', async () => {
    const { page, screen, home, problems } = await suite.open({
      language: 'ar',
      width: 'phone',
      path: paths.home(),
    });
    await expect.poll(() => home.eventCards.count()).toBe(1);
    await settled(page);
    const link = home.eventCards.first().getByRole('link');
    await link.scrollIntoViewIfNeeded();
    expect(await scrollY(page)).toBeGreaterThan(1000);
    await link.click();
    await expect.poll(() => screen.pathname()).toMatch(/^\/event-details\/\d+$/);
    await settled(page);
    expect(await scrollY(page)).toBe(0);
    expect(await shownBelowHeader(page, screen.heading)).toBe(true);
    expect(problems).toEqual([]);
  });

  it.each([
    { language: 'en', width: 'desktop' },
    { language: 'ar', width: 'phone' },
  ] as const)(
    'a footer link opens the page with its heading in view ($language, $width)',
    async (options) => {
      const { page, screen, footer, home, t, problems } = await suite.open({
        ...options,
        path: paths.home(),
      });
      await expect.poll(() => home.courseCards.count()).toBe(8);
      await settled(page);
      const link = footer.footer.getByRole('link', { name: t('About us'), exact: true });
      await link.scrollIntoViewIfNeeded();
      expect(await scrollY(page)).toBeGreaterThan(1000);
      await link.click();
      await expect.poll(() => screen.pathname()).toBe(paths.about());
      await settled(page);
      expect(await scrollY(page)).toBe(0);
      expect(await shownBelowHeader(page, screen.heading)).toBe(true);
      expect(problems).toEqual([]);
    },
  );

  it.each([...bothLanguagesOnAPhone, { language: 'en', width: 'desktop' } as const])(
    "the footer's Request Course lands on the form's heading while home fills in ($language, $width)",
    async (options) => {
      const { page, screen, footer, home, problems } = await suite.open({ ...options, path: paths.about() });
      await settled(page);
      // Home's content arrives well after the jump, moving the form down as it does.
      await page.route('**/api/v1/**', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1200));
        await route.continue();
      });
      await footer.requestCourseLink.scrollIntoViewIfNeeded();
      await footer.requestCourse();
      await expect.poll(() => screen.address()).toBe(paths.requestCourse());
      await expect.poll(() => home.courseCards.count(), { timeout: 10_000 }).toBe(8);
      await settled(page);
      await expect
        .poll(() => shownBelowHeader(page, home.requestCourseHeading), { timeout: 5000 })
        .toBe(true);
      expect(problems).toEqual([]);
    },
  );
});

describe('course cards', () => {
  /** The widths of the cards of a list, and the list's own. */
  async function widths(list: Locator): Promise<{ list: number; cards: number[] }> {
    await list.locator('article').first().waitFor();
    return {
      list: await list.evaluate((element) => Math.round(element.getBoundingClientRect().width)),
      cards: await list
        .locator('article')
        .evaluateAll((cards) => cards.map((card) => Math.round(card.getBoundingClientRect().width))),
    };
  }

  it.each(bothLanguagesOnAPhone)(
    'fill the column evenly on home, the catalogue and search results ($language)',
    async (options) => {
      const { page, screen, home, catalogue, searchResults, t, goto, problems } = await suite.open(options);
      const lists: Array<[string, () => Locator]> = [
        [paths.home(), () => home.courses.getByRole('list')],
        [paths.catalogue(), () => catalogue.results.getByRole('list', { name: t('Courses') })],
        [
          paths.searchResults({ search: 'a' }),
          () => searchResults.results.getByRole('list', { name: t('Courses') }),
        ],
      ];
      for (const [address, list] of lists) {
        await goto(address);
        await settled(page);
        const measured = await widths(list());
        expect(measured.cards.length, address).toBeGreaterThan(1);
        expect(new Set(measured.cards), address).toEqual(new Set([measured.list]));
        expect(await screen.layoutWidth(), address).toBeLessThanOrEqual(390);
      }
      expect(problems).toEqual([]);
    },
  );
});

describe('the events carousel', () => {
  /** Events still to come, the soonest first, then those that have ended, the latest first. */
  function expectedOrder(): Array<{ event: EventSummary; ended: boolean }> {
    const at = (value: string) => Date.parse(value);
    const now = Date.now();
    const coming = events.filter((event) => at(event.date_range.end) >= now);
    const ended = events.filter((event) => at(event.date_range.end) < now);
    coming.sort((a, b) => at(a.date_range.start) - at(b.date_range.start));
    ended.sort((a, b) => at(b.date_range.start) - at(a.date_range.start));
    return [
      ...coming.map((event) => ({ event, ended: false })),
      ...ended.map((event) => ({ event, ended: true })),
    ];
  }

  it.each([
    { language: 'en', width: 'desktop', perView: 4 },
    { language: 'ar', width: 'phone', perView: 1 },
  ] as const)(
    'shows coming events first, marks ended ones, and stops at both ends ($language, $width)',
    async ({ perView, ...options }) => {
      const { page, home, t, language, problems } = await suite.open({ ...options, path: paths.home() });
      const order = expectedOrder();
      expect(order.some((item) => item.ended)).toBe(true);
      const titleOf = (event: EventSummary) => (language === 'ar' ? event.title_ar : event.title);
      await expect.poll(() => home.eventCards.count()).toBe(perView);

      const seen = await home.eventTitles();
      expect(await home.eventsButtonDisabled('Previous')).toBe(true);
      for (let step = 0; step < order.length - perView; step += 1) {
        expect(await home.eventsButtonDisabled('Next')).toBe(false);
        await home.eventsButton('Next').click();
        const shown = await home.eventTitles();
        seen.push(shown[shown.length - 1] ?? '');
      }
      expect(seen).toEqual(order.map((item) => titleOf(item.event)));
      expect(await home.eventsButtonDisabled('Next')).toBe(true);
      const atTheEnd = await home.eventTitles();
      // Still focusable at the end (aria-disabled), and pressing it does nothing.
      await home.eventsButton('Next').click({ force: true });
      expect(await home.eventTitles()).toEqual(atTheEnd);

      // The cards shown now are the last ones: each ended event says so, the others do not.
      const last = order.slice(order.length - perView);
      for (const [index, item] of last.entries()) {
        const marker = home.eventCards.nth(index).getByText(t('Ended'), { exact: true });
        expect(await marker.count(), titleOf(item.event)).toBe(item.ended ? 1 : 0);
      }
      expect(await home.eventsButtonDisabled('Previous')).toBe(false);
      await home.eventsButton('Previous').click();
      expect(await home.eventsButtonDisabled('Next')).toBe(false);
      await expectNoAxeViolations(page);
      expect(problems).toEqual([]);
    },
  );
});

describe('a course or an event that does not exist', () => {
  it.each([
    { language: 'en', width: 'desktop' },
    { language: 'ar', width: 'phone' },
  ] as const)(
    'says so and offers the catalogue and home, with nothing to retry ($language, $width)',
    async (options) => {
      const published = new Set(courses.map((course) => course.id));
      const highest = Math.max(...published);
      // The seed holds courses that wait for approval: ids the public catalogue leaves out.
      const unpublished = Array.from({ length: highest + 3 }, (_, index) => index + 1).find(
        (id) => !published.has(id),
      );
      expect(unpublished).toBeDefined();
      const { page, screen, t, goto, problems } = await suite.open(options);
      for (const address of [
        paths.courseDetails(999_999),
        paths.courseDetails(unpublished ?? 0),
        '/course-details/x',
      ]) {
        await goto(address);
        await expect.poll(() => screen.title(), { timeout: 5000 }).toBe(t('Course not found'));
        expect(await screen.mainText()).toContain(t('This course does not exist or is no longer published.'));
        expect(await screen.main.getByRole('link', { name: t('Browse courses') }).getAttribute('href')).toBe(
          paths.catalogue(),
        );
        expect(await screen.main.getByRole('link', { name: t('Back to home') }).getAttribute('href')).toBe(
          paths.home(),
        );
        expect(await screen.retryButton.count()).toBe(0);
      }
      await goto(paths.eventDetails(999_999));
      await expect.poll(() => screen.title(), { timeout: 5000 }).toBe(t('Event not found'));
      expect(await screen.mainText()).toContain(
        t('This event does not exist or has been removed. The home page lists the coming events.'),
      );
      expect(await screen.main.getByRole('link', { name: t('Back to home') }).getAttribute('href')).toBe(
        paths.home(),
      );
      expect(await screen.retryButton.count()).toBe(0);
      await expectNoAxeViolations(page);
      // The browser logs the refused reads themselves; nothing else.
      expect(problems).toEqual([]);
    },
  );

  it('keeps a retry when the server fails (English, phone)', async () => {
    const course = courses[0];
    if (!course) throw new Error('no published course');
    const { page, screen, problems } = await suite.open({ width: 'phone' });
    const failing = '**/api/v1/course/about/**';
    await page.route(failing, (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: '{"detail":"Service unavailable"}',
      }),
    );
    await page.goto(paths.courseDetails(course.id));
    await screen.retryButton.waitFor();
    await page.unroute(failing);
    await screen.retryButton.click();
    await expect.poll(() => screen.title(), { timeout: 5000 }).toBe(course.title);
    expect(problems).toEqual([]);
  });
});

describe('event times', () => {
  it.each([
    { language: 'en', width: 'desktop' },
    { language: 'ar', width: 'phone' },
  ] as const)(
    "are the centre's (Riyadh), labelled so, on a device in New York ($language, $width)",
    async (options) => {
      const event = events.find((item) => item.date_range.start.endsWith('T06:00:00Z'));
      if (!event) throw new Error('no event starting at 06:00 UTC');
      const { screen, t, language, problems } = await suite.open({
        ...options,
        timezoneId: 'America/New_York',
        path: paths.eventDetails(event.id),
      });
      const when = screen.main.locator('dd').first();
      await when.waitFor();
      const spaces = (text: string | null | undefined) => text?.replace(/\s+/g, ' ').trim();
      const shown = spaces(await when.textContent());
      const range = formatDateTimeRange(event.date_range.start, event.date_range.end, language);
      expect(shown).toBe(spaces(`${range} (${t('Riyadh time')})`));
      if (language === 'en') expect(shown).toContain('09:00');
      expect(problems).toEqual([]);
    },
  );
});

describe("the trainer's course history", () => {
  it('has one name in the menu and on the page (English, desktop)', async () => {
    const { context, page, screen, header, t, goto, problems } = await suite.open();
    await signInWithTokens(suite.app, context, DEMO_ACCOUNTS.trainer);
    await goto(paths.profile());
    // The profile page reads the details and the header shows the name from then on.
    await header.openAccountMenu(DEMO_ACCOUNTS.trainer.full_name);
    await page.getByRole('menuitem', { name: t('Course History'), exact: true }).click();
    await expect.poll(() => screen.pathname()).toBe(paths.trainerCourseHistory());
    await expect.poll(() => screen.title()).toBe(t('Course History'));
    expect(problems).toEqual([]);
  });

  it('has one name in the side menu and on the page (Arabic, phone)', async () => {
    const { context, screen, sideMenu, t, goto, problems } = await suite.open({
      language: 'ar',
      width: 'phone',
    });
    await signInWithTokens(suite.app, context, DEMO_ACCOUNTS.trainer);
    await goto(paths.profile());
    await sideMenu.open();
    await sideMenu.navigateTo('Course History');
    await expect.poll(() => screen.pathname()).toBe(paths.trainerCourseHistory());
    await expect.poll(() => screen.title()).toBe(t('Course History'));
    expect(problems).toEqual([]);
  });
});
