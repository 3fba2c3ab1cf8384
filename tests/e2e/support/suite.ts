import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { type Visit, visitOf } from '../pages/visit';
import { type ApiCall, callApi, readApi } from './api';
import { type RunningApp, startApp } from './app';
import { launchBrowser, openPage, openSecondTab, type TabOptions } from './browser';

export interface OpenOptions extends TabOptions {
  /** The address to load first (from `paths`); absent: the tab stays blank. */
  path?: string;
}

/** The product and a browser for one test file, and what each test opens in them. */
export class ProductSuite {
  private running?: { app: RunningApp; browser: Browser };
  /** Contexts the current test opened: closed after it, whether it passed or not. */
  private readonly opened: BrowserContext[] = [];

  get app(): RunningApp {
    return this.started.app;
  }

  get browser(): Browser {
    return this.started.browser;
  }

  private get started(): { app: RunningApp; browser: Browser } {
    if (!this.running) throw new Error('the product is not started (productSuite() runs in beforeAll)');
    return this.running;
  }

  /** A new browser context on the product, in a language and width, closed after the test. */
  async open(options: OpenOptions = {}): Promise<Visit> {
    const tab = await openPage(this.browser, this.app.url, options);
    this.opened.push(tab.context);
    const visit = visitOf(tab);
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
    const app = await startApp();
    try {
      this.running = { app, browser: await launchBrowser() };
    } catch (error) {
      await app.stop();
      throw error;
    }
  }

  async closeOpened(): Promise<void> {
    await Promise.all(this.opened.splice(0).map((context) => context.close()));
  }

  async stop(): Promise<void> {
    await this.running?.browser.close();
    await this.running?.app.stop();
  }
}

/**
 * Starts the product (`npm start`) and Chromium before the file's tests and stops both after; what
 * a test opens is closed after that test.
 */
export function productSuite(): ProductSuite {
  const suite = new ProductSuite();
  beforeAll(() => suite.start());
  afterEach(() => suite.closeOpened());
  afterAll(() => suite.stop());
  return suite;
}
