import type { Paged } from '@contract/wire/common';
import type { CourseCard } from '@contract/wire/courses';
import type { EventSummary } from '@contract/wire/events';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { paths } from '@/routing/paths';
import { productSuite } from './support/suite';

const suite = productSuite();

/** How long every `/api/v1` answer is held back, so each loading state shows before its content. */
const API_DELAY_MS = 500;
/** The most layout shift a first visit may show (Lighthouse's "good" is 0.1). */
const MOST_SHIFT = 0.02;

declare global {
  interface Window {
    layoutShifts?: { value: number; sources: string[] }[];
  }
}

/** Records every layout shift of the page from its first paint, as the browser reports them. */
function recordLayoutShifts(): void {
  window.layoutShifts = [];
  const describe = (node: Node | null | undefined) => {
    if (!(node instanceof Element)) return node?.nodeName ?? '?';
    const id = node.id ? `#${node.id}` : '';
    const label = node.getAttribute('aria-label') ?? node.textContent?.trim().slice(0, 30) ?? '';
    return `${node.tagName.toLowerCase()}${id} "${label}"`;
  };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & {
      value: number;
      hadRecentInput: boolean;
      sources?: { node?: Node | null }[];
    })[]) {
      if (entry.hadRecentInput) continue;
      window.layoutShifts?.push({
        value: entry.value,
        sources: (entry.sources ?? []).map((source) => describe(source.node)),
      });
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

/** Waits until nothing loads any more: no region is busy, the network is quiet, fonts are in. */
async function waitForContent(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await expect.poll(() => page.locator('[aria-busy="true"]').count()).toBe(0);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.waitForLoadState('networkidle');
  // Shifts are reported after the frame that made them.
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}

/** The page's layout shifts, added up, are at most MOST_SHIFT (each one is listed when not). */
async function expectSteady(page: Page): Promise<void> {
  const shifts = (await page.evaluate(() => window.layoutShifts)) ?? [];
  const total = shifts.reduce((sum, shift) => sum + shift.value, 0);
  const seen = shifts.map((shift) => `${shift.value.toFixed(4)} ${shift.sources.join(', ')}`).join('\n');
  expect(total, `layout shifts:\n${seen}`).toBeLessThanOrEqual(MOST_SHIFT);
}

const pages: { name: string; path: () => string }[] = [];

beforeAll(async () => {
  const courses = await suite.read<Paged<CourseCard>>('/course/browse-course-list/?page=1&limit=1');
  const events = await suite.read<Paged<EventSummary>>('/event/?page=1&limit=1');
  const course = courses.results[0];
  const event = events.results[0];
  if (!course || !event) throw new Error('the seed has no course or no event');
  pages.push(
    { name: 'home', path: () => paths.home() },
    { name: 'catalogue', path: () => paths.catalogue() },
    { name: 'search results', path: () => paths.searchResults({ search: 'data' }) },
    { name: 'course details', path: () => paths.courseDetails(course.id) },
    { name: 'event details', path: () => paths.eventDetails(event.id) },
    { name: 'about', path: () => paths.about() },
    { name: 'contact', path: () => paths.contact() },
    { name: 'report an issue', path: () => paths.reportIssue() },
    { name: 'not found', path: () => '/no-such-page' },
  );
});

const NAMES = [
  'home',
  'catalogue',
  'search results',
  'course details',
  'event details',
  'about',
  'contact',
  'report an issue',
  'not found',
];

describe('a first visit does not move what it shows (cumulative layout shift)', () => {
  for (const name of NAMES) {
    for (const language of ['en', 'ar'] as const) {
      for (const width of ['phone', 'desktop'] as const) {
        it(`${name}, ${language}, ${width}: at most ${MOST_SHIFT} while the slow answers arrive`, async () => {
          const target = pages.find((entry) => entry.name === name);
          if (!target) throw new Error(`no page ${name}`);
          const { page, problems } = await suite.open({ language, width });
          await page.addInitScript(recordLayoutShifts);
          await page.route('**/api/v1/**', async (route) => {
            await new Promise((resolve) => setTimeout(resolve, API_DELAY_MS));
            await route.continue();
          });
          await page.goto(target.path());
          await waitForContent(page);
          await expectSteady(page);
          expect(problems).toEqual([]);
        });
      }
    }
  }
});

describe('on a slow phone line, text keeps its font and place', () => {
  for (const name of ['home', 'course details']) {
    for (const language of ['en', 'ar'] as const) {
      it(`${name}, ${language}: the web font from the first render, at most ${MOST_SHIFT}`, async () => {
        const target = pages.find((entry) => entry.name === name);
        if (!target) throw new Error(`no page ${name}`);
        const { page, problems } = await suite.open({ language, width: 'phone' });
        // Lighthouse's phone (412 px wide), where a course's title wraps differently in the fallback font.
        await page.setViewportSize({ width: 412, height: 823 });
        await page.addInitScript(recordLayoutShifts);
        // Lighthouse's slow phone: 150 ms round trips, 1.6 Mbit/s down, a processor 4 times slower.
        const cdp = await page.context().newCDPSession(page);
        await cdp.send('Network.enable');
        await cdp.send('Network.emulateNetworkConditions', {
          offline: false,
          latency: 150,
          downloadThroughput: (1.6 * 1024 * 1024) / 8,
          uploadThroughput: (750 * 1024) / 8,
        });
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
        await page.goto(target.path());
        await waitForContent(page);
        await expectSteady(page);
        // The heading is set in the web font, not in a fallback it would later be redrawn from.
        const { root } = await cdp.send('DOM.getDocument');
        const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector: 'main h1' });
        await cdp.send('CSS.enable');
        const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
        expect(fonts.some((font) => font.isCustomFont && font.familyName === 'IBM Plex Sans Arabic')).toBe(
          true,
        );
        expect(problems).toEqual([]);
      });
    }
  }
});

describe('the first paint needs no script and matches the app', () => {
  for (const language of ['en', 'ar'] as const) {
    for (const width of ['phone', 'desktop'] as const) {
      it(`${language}, ${width}: the frame in the page puts the header and logo where the app does`, async () => {
        const frameOnly = await suite.open({ language, width });
        // No script runs: what shows is what the document itself paints.
        await frameOnly.page.route('**/assets/*.js', (route) => route.abort());
        await frameOnly.page.goto(paths.home());
        const frameLogo = await frameOnly.page.locator('#root svg').boundingBox();
        const frameBar = await frameOnly.page.locator('#root > div > div').first().boundingBox();

        const app = await suite.open({ language, width, path: paths.home() });
        await app.page.locator('header img[src="/brand/logo.svg"]').waitFor();
        const appLogo = await app.page.locator('header img[src="/brand/logo.svg"]').boundingBox();
        const appBar = await app.page.locator('header').boundingBox();

        expect(frameLogo && appLogo).toBeTruthy();
        if (!frameLogo || !appLogo || !frameBar || !appBar) return;
        expect(frameBar.height).toBe(appBar.height);
        expect(frameLogo.y).toBeCloseTo(appLogo.y, 0);
        expect(frameLogo.height).toBeCloseTo(appLogo.height, 0);
        // The logo starts at the start edge: left in English, right in Arabic.
        if (language === 'en') expect(frameLogo.x).toBeCloseTo(appLogo.x, 0);
        else expect(frameLogo.x + frameLogo.width).toBeCloseTo(appLogo.x + appLogo.width, 0);
      });
    }
  }
});
