/**
 * `npm run lighthouse`: starts the product (`npm start`) on a fresh data folder and a free port, runs
 * Lighthouse (Chromium at CHROMIUM_PATH, default /usr/bin/chromium) with the mobile and desktop
 * presets on the public pages and on the sign-in dialog opened from the home page (a user flow:
 * the home page, then a timespan while the dialog opens), and prints performance score, LCP, TBT,
 * CLS and script bytes for each. `-- --runs N` takes the median of N runs per page and preset.
 */

import type { Paged } from '@contract/wire/common';
import type { CourseCard } from '@contract/wire/courses';
import type { EventSummary } from '@contract/wire/events';
import { launch } from 'chrome-launcher';
import type { Config, Flags, Result } from 'lighthouse';
import lighthouse, { desktopConfig, startFlow } from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { paths } from '@/routing/paths';
import { startApp } from '../tests/e2e/support/app';

const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu'];

interface Figures {
  score: number;
  lcp?: number;
  tbt: number;
  cls: number;
  scriptBytes: number;
}

type Preset = 'mobile' | 'desktop';
const CONFIGS: Record<Preset, Config | undefined> = { mobile: undefined, desktop: desktopConfig };

function runsArgument(): number {
  const index = process.argv.indexOf('--runs');
  const runs = index >= 0 ? Number(process.argv[index + 1]) : 1;
  if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs takes a whole number of runs');
  return runs;
}

function figuresOf(lhr: Result): Figures {
  const numeric = (id: string) => lhr.audits[id]?.numericValue;
  const requests =
    (
      lhr.audits['network-requests']?.details as {
        items?: { resourceType?: string; transferSize?: number }[];
      }
    )?.items ?? [];
  const scriptBytes = requests
    .filter((request) => request.resourceType === 'Script')
    .reduce((sum, request) => sum + (request.transferSize ?? 0), 0);
  const score = lhr.categories.performance?.score;
  if (score === null || score === undefined) {
    throw new Error(`no performance score for ${lhr.finalDisplayedUrl}: ${lhr.runtimeError?.message ?? ''}`);
  }
  return {
    score: Math.round(score * 100),
    lcp: numeric('largest-contentful-paint'),
    tbt: numeric('total-blocking-time') ?? 0,
    cls: numeric('cumulative-layout-shift') ?? 0,
    scriptBytes,
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

function medianFigures(runs: Figures[]): Figures {
  const of = (pick: (figures: Figures) => number | undefined) => {
    const values = runs.map(pick).filter((value): value is number => value !== undefined);
    return values.length ? median(values) : undefined;
  };
  return {
    score: of((run) => run.score) ?? 0,
    lcp: of((run) => run.lcp),
    tbt: of((run) => run.tbt) ?? 0,
    cls: of((run) => run.cls) ?? 0,
    scriptBytes: of((run) => run.scriptBytes) ?? 0,
  };
}

/** One navigation audit of a page. */
async function auditPage(url: string, preset: Preset): Promise<Figures> {
  const chrome = await launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROME_FLAGS });
  try {
    const flags: Flags = {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
    };
    const result = await lighthouse(url, flags, CONFIGS[preset]);
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    return figuresOf(result.lhr);
  } finally {
    chrome.kill();
  }
}

/** The home page, then the sign-in dialog opening from its header button, as a timespan. */
async function auditSignInDialog(home: string, preset: Preset): Promise<Figures> {
  const chrome = await launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROME_FLAGS });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  try {
    const page = await browser.newPage();
    const config = CONFIGS[preset];
    const flow = await startFlow(page, {
      config,
      flags: { logLevel: 'error', onlyCategories: ['performance'] },
    });
    await flow.navigate(home);
    await flow.startTimespan();
    // On phones the header's Log In sits in the side menu; the footer's trainer entry is a dialog on
    // every width, but the visitor's one is the header's, so open that where it shows.
    const wide = preset === 'desktop';
    if (!wide) {
      await page.locator('header button[aria-expanded]').click();
    }
    await page.locator(wide ? 'header ::-p-text(Log In)' : '[role="dialog"] ::-p-text(Log In)').click();
    await page.waitForSelector('[role="dialog"] input[type="password"]', { visible: true });
    await flow.endTimespan();
    const result = await flow.createFlowResult();
    const timespan = result.steps.at(-1)?.lhr;
    if (!timespan) throw new Error('the flow has no timespan step');
    return figuresOf(timespan);
  } finally {
    await browser.disconnect();
    chrome.kill();
  }
}

/**
 * Lighthouse now and then loses a trace on a busy machine (NO_NAVSTART, NO_FCP): such a run is
 * repeated, twice at most; a page that fails three times in a row is reported as failing.
 */
async function withRetries(audit: () => Promise<Figures>): Promise<Figures> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await audit();
    } catch (error) {
      if (attempt >= 3) throw error;
      console.error(`run failed, again: ${(error as Error).message}`);
    }
  }
}

const ms = (value: number | undefined) => (value === undefined ? '–' : `${Math.round(value)} ms`);

async function main(): Promise<void> {
  const runs = runsArgument();
  console.log('Starting the product on a fresh data folder…');
  const app = await startApp();
  try {
    const read = async <T>(path: string) => (await (await fetch(`${app.url}/api/v1${path}`)).json()) as T;
    const course = (await read<Paged<CourseCard>>('/course/browse-course-list/?page=1&limit=1')).results[0];
    const event = (await read<Paged<EventSummary>>('/event/?page=1&limit=1')).results[0];
    if (!course || !event) throw new Error('the seed has no course or no event');
    const pages: { name: string; path?: string }[] = [
      { name: 'home', path: paths.home() },
      { name: 'catalogue', path: paths.catalogue() },
      { name: 'course', path: paths.courseDetails(course.id) },
      { name: 'event', path: paths.eventDetails(event.id) },
      { name: 'sign-in dialog' },
    ];
    const rows: string[] = [];
    for (const preset of ['mobile', 'desktop'] as const) {
      for (const { name, path } of pages) {
        const measured: Figures[] = [];
        for (let run = 0; run < runs; run++) {
          measured.push(
            await withRetries(() =>
              path === undefined
                ? auditSignInDialog(app.url + paths.home(), preset)
                : auditPage(app.url + path, preset),
            ),
          );
        }
        const figures = medianFigures(measured);
        const row = `${preset.padEnd(8)} ${name.padEnd(15)} ${String(figures.score).padStart(5)} ${ms(figures.lcp).padStart(9)} ${ms(figures.tbt).padStart(8)} ${figures.cls.toFixed(3).padStart(6)} ${(figures.scriptBytes / 1024).toFixed(1).padStart(8)} KB`;
        rows.push(row);
        console.log(row);
      }
    }
    console.log(`\npreset   page            score       LCP      TBT    CLS   script (median of ${runs})`);
    for (const row of rows) console.log(row);
    console.log(
      'The sign-in dialog row is a timespan while it opens: it has no LCP; its script is what opening loads.',
    );
  } finally {
    await app.stop();
  }
}

await main();
