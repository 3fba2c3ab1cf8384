import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { type Visit, visitOf } from '../pages/visit';
import { type ApiCall, callApi, readApi } from './api';
import { type RunningApp, startApp, startInstances } from './app';
import { launchBrowser, openPage, openSecondTab, type TabOptions } from './browser';

export interface OpenOptions extends TabOptions {
  /** The address to load first (from `paths`); absent: the tab stays blank. */
  path?: string;
  /** Which instance to open, for a suite of several (0, the first, by default). */
  instance?: number;
  /** Another address in front of the product (a proxy) to open instead of an instance's. */
  url?: string;
}

export interface SuiteOptions {
  /**
   * How many instances of the product to run: 1 (the default) on the embedded database, as
   * `npm start` does; more on one throwaway PostgreSQL server, sharing live events (support/app.ts).
   */
  instances?: number;
  /**
   * The embedded database in the data folder, as `npm start` runs it, even when the run has a
   * PostgreSQL server (support/app.ts).
   */
  embedded?: boolean;
  /** More settings for the product's environment (every instance), asked for when it starts. */
  env?: () => Record<string, string> | Promise<Record<string, string>>;
}

/** The product and a browser for one test file, and what each test opens in them. */
export class ProductSuite {
  private running?: { apps: RunningApp[]; browser: Browser };
  /** Contexts the current test opened: closed after it, whether it passed or not. */
  private readonly opened: BrowserContext[] = [];

  constructor(private readonly options: SuiteOptions = {}) {}

  /** The (first) instance of the product. */
  get app(): RunningApp {
    return this.instance(0);
  }

  /** One instance of the product, for a suite of several. */
  instance(index: number): RunningApp {
    const app = this.started.apps[index];
    if (!app) throw new Error(`the suite runs ${this.started.apps.length} instance(s), not ${index + 1}`);
    return app;
  }

  get browser(): Browser {
    return this.started.browser;
  }

  private get started(): { apps: RunningApp[]; browser: Browser } {
    if (!this.running) throw new Error('the product is not started (productSuite() runs in beforeAll)');
    return this.running;
  }

  /** A new browser context on the product, in a language and width, closed after the test. */
  async open(options: OpenOptions = {}): Promise<Visit> {
    const visit = await this.openTab(options);
    this.opened.push(visit.context);
    return visit;
  }

  /**
   * A new browser context left open for the rest of the file (it closes with the browser), for
   * tests that only look (the screen matrix): the next test goes on in the same tab, with the
   * pages it loaded in the browser's cache. What such a test waits for is there in seconds: one
   * that never comes fails that test, saying what it waited for.
   */
  async openKept(options: OpenOptions = {}): Promise<Visit> {
    const visit = await this.openTab(options);
    visit.context.setDefaultTimeout(20_000);
    return visit;
  }

  private async openTab(options: OpenOptions): Promise<Visit> {
    const url = options.url ?? this.instance(options.instance ?? 0).url;
    const visit = visitOf(await openPage(this.browser, url, options));
    if (options.path !== undefined) await visit.goto(options.path);
    return visit;
  }

  /** Another tab of the visit's context (same session and storage). */
  async openSecondTab(visit: Visit): Promise<Visit> {
    return visitOf(await openSecondTab(visit.tab));
  }

  /** A GET of `/api/v1{path}`, its JSON taken as `T`. */
  read<T>(path: string, call?: ApiCall): Promise<T> {
    return readApi<T>(this.app.url, path, call);
  }

  /** A call to `/api/v1{path}`. */
  call(path: string, call?: ApiCall): Promise<Response> {
    return callApi(this.app.url, path, call);
  }

  async start(): Promise<void> {
    const count = this.options.instances ?? 1;
    const env = await this.options.env?.();
    const apps =
      count === 1
        ? [await startApp({ embedded: this.options.embedded, env })]
        : await startInstances(count, env);
    try {
      this.running = { apps, browser: await launchBrowser() };
    } catch (error) {
      for (const app of apps) await app.stop();
      throw error;
    }
  }

  async closeOpened(): Promise<void> {
    await Promise.all(this.opened.splice(0).map((context) => context.close()));
  }

  async stop(): Promise<void> {
    await this.running?.browser.close();
    for (const app of this.running?.apps ?? []) await app.stop();
  }
}

/**
 * Starts the product (`npm start`) and Chromium before the file's tests and stops both after; what
 * a test opens is closed after that test.
 */
export function productSuite(options: SuiteOptions = {}): ProductSuite {
  const suite = new ProductSuite(options);
  beforeAll(() => suite.start());
  afterEach(() => suite.closeOpened());
  afterAll(() => suite.stop());
  return suite;
}
