import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { type RunningApp, startApp } from './app';
import { launchBrowser } from './browser';

/** The product and a browser for one test file. */
export interface ProductSuite {
  app: RunningApp;
  browser: Browser;
}

/** Starts the product (`npm start`) and Chromium before the file's tests and stops both after. */
export function productSuite(): ProductSuite {
  const suite = {} as ProductSuite;
  beforeAll(async () => {
    suite.app = await startApp();
    suite.browser = await launchBrowser();
  });
  afterAll(async () => {
    await suite.browser?.close();
    await suite.app?.stop();
  });
  return suite;
}
