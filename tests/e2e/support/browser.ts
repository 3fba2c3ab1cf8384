import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults } from 'axe-core';
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { LANGUAGE_STORAGE_KEY, type Language } from '@/i18n/languages';

/**
 * Chromium's headless shell (Debian's `chromium-headless-shell`): the same engine as `chromium`
 * without the desktop browser around it, as Playwright itself uses for headless runs. Measured
 * here: a new context in 104 ms instead of 444 ms, a page load in about half the time.
 * E2E_CHROMIUM_PATH names another build.
 */
export const CHROMIUM_PATH = process.env.E2E_CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';

export const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1366, height: 900 },
} as const;

export type Width = keyof typeof VIEWPORTS;

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/** One browser tab on the product. */
export interface Tab {
  context: BrowserContext;
  page: Page;
  /** Uncaught exceptions and console errors seen in the page. */
  problems: string[];
  /** The language the product shows in this tab; page objects name what they look for in it. */
  language: Language;
  width: Width;
}

export interface TabOptions {
  /**
   * The language a returning visitor chose before (kept in localStorage); a choice made in the
   * page later wins over it, across reloads. Absent: the product's default, English.
   */
  language?: Language;
  width?: Width;
  /** The device's time zone (IANA name); absent: the machine's own. */
  timezoneId?: string;
}

/** Opens a tab of a new browser context (its own cookies and storage). */
export async function openPage(browser: Browser, baseURL: string, options: TabOptions = {}): Promise<Tab> {
  const { language, width = 'desktop', timezoneId } = options;
  const context = await browser.newContext({
    baseURL,
    viewport: VIEWPORTS[width],
    timezoneId,
    // The proxy test's nginx has a self-signed certificate (support/proxy.ts).
    ignoreHTTPSErrors: baseURL.startsWith('https:'),
  });
  if (language) {
    await context.addInitScript(
      ({ key, value }) => {
        // A frame without storage of its own (the browser's PDF viewer) has nothing to set.
        if (typeof localStorage === 'undefined' || localStorage === null) return;
        if (!localStorage.getItem(key)) localStorage.setItem(key, value);
      },
      { key: LANGUAGE_STORAGE_KEY, value: language },
    );
  }
  return tabOf(context, await context.newPage(), language ?? 'en', width);
}

/** Another tab of the same context: same cookies and storage, so the same session. */
export async function openSecondTab(tab: Tab): Promise<Tab> {
  return tabOf(tab.context, await tab.context.newPage(), tab.language, tab.width);
}

function tabOf(context: BrowserContext, page: Page, language: Language, width: Width): Tab {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    // A refused request (wrong password, invalid code) is logged by the browser itself; not a fault.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
      problems.push(`console: ${message.text()}`);
    }
  });
  return { context, page, problems, language, width };
}

/** axe-core's browser script, read once per test file. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

const AXE_SETUP = `${AXE_SOURCE}\n;axe.configure({ allowedOrigins: ['<unsafe_all_origins>'] });`;

/**
 * axe-core's full rule set on the page and its frames. The script is put into each document once
 * (a later scan of the same document reuses it), and only violations are reported back: the same
 * rules and findings as a fresh injection with every result type, at a fraction of its time.
 */
async function runAxe(page: Page): Promise<AxeResults> {
  for (const frame of page.frames()) {
    // A frame that cannot run scripts (the browser's PDF viewer) is skipped, as axe itself does.
    const present = await frame.evaluate(() => 'axe' in window).catch(() => undefined);
    if (present === false) {
      await frame.evaluate(AXE_SETUP).catch(() => undefined);
    }
  }
  return page.evaluate(() =>
    (window as unknown as { axe: typeof import('axe-core') }).axe.run(document, {
      resultTypes: ['violations'],
    }),
  );
}

/** Runs axe on the page and fails with a readable list of violations. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  // Scan what the user sees once loading is over, not a half-loaded page.
  await expect.poll(() => page.locator('[aria-busy="true"]').count()).toBe(0);
  const results = await runAxe(page);
  const summary = results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help}\n    ${violation.nodes
        .slice(0, 3)
        .map((node) => node.target.join(' '))
        .join('\n    ')}`,
  );
  expect(summary, 'axe violations').toEqual([]);
}

/** Fails when the page is wider than the window: a person would have to scroll sideways. */
export async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    window: document.documentElement.clientWidth,
  }));
  expect(
    widths.page,
    `the page is ${widths.page} px wide in a ${widths.window} px window`,
  ).toBeLessThanOrEqual(widths.window);
}

/**
 * How a piece of text is laid out: its element's writing direction, its alignment, and whether its
 * last character (a full stop) is drawn after its first one reading left to right.
 */
export function textLayout(
  locator: Locator,
): Promise<{ direction: string; textAlign: string; endsOnTheRight: boolean }> {
  return locator.evaluate((element) => {
    const style = getComputedStyle(element);
    const text = element.firstChild;
    const xOf = (start: number) => {
      const range = document.createRange();
      range.setStart(text as Node, start);
      range.setEnd(text as Node, start + 1);
      return range.getBoundingClientRect().left;
    };
    const length = text?.textContent?.length ?? 0;
    return {
      direction: style.direction,
      textAlign: style.textAlign,
      endsOnTheRight: length > 1 && xOf(length - 1) > xOf(0),
    };
  });
}
