import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { expectNoAxeViolations, launchBrowser } from './support/browser';

/** The accessibility check every browser test relies on finds what it must, in frames too, on every scan. */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

async function violations(check: Promise<void>): Promise<string> {
  return check.then(
    () => '',
    (error: unknown) => JSON.stringify((error as { actual?: unknown }).actual ?? String(error)),
  );
}

it('reports the violations of the page and of its frames, again on a second scan of the same document', async () => {
  const page = await browser.newPage();
  await page.setContent(`<html lang="en"><title>Check</title><body><main><h1>Check</h1>
    <img src="data:,"><iframe title="Frame" srcdoc="<html lang=en><title>Frame</title><body><p><input id=field></p></body></html>"></iframe>
    </main></body></html>`);
  await expect.poll(() => page.frames().length).toBe(2);
  for (const scan of [1, 2]) {
    const found = await violations(expectNoAxeViolations(page));
    expect(found, `scan ${scan}`).toContain('image-alt');
    expect(found, `scan ${scan}`).toContain('iframe #field');
  }
  // Mended, the same document passes.
  await page.evaluate(() => {
    document.querySelector('img')?.setAttribute('alt', 'A picture');
    document.querySelector('iframe')?.remove();
  });
  expect(await violations(expectNoAxeViolations(page))).toBe('');
});
