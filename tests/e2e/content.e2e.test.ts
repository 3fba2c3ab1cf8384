import { describe, expect, it } from 'vitest';
import type { AboutPromotion, AboutStory } from '@/contract/cms';
import { expectNoAxeViolations, openPage } from './support/browser';
import { productSuite } from './support/suite';

const suite = productSuite();

async function read<T>(path: string): Promise<T> {
  return (await (await fetch(`${suite.app.url}/api/v1${path}`)).json()) as T;
}

describe('about us', () => {
  for (const language of ['en', 'ar'] as const) {
    it(`shows the promotion and our story from the CMS (${language})`, async () => {
      const promotion = await read<AboutPromotion>('/cms/about-page-promotion/');
      const story = await read<AboutStory>('/cms/about-page-our-story/');
      const { page, context, problems } = await openPage(
        suite.browser,
        suite.app.url,
        language === 'ar' ? 'phone' : 'desktop',
      );
      await page.addInitScript((lang) => localStorage.setItem('language', lang), language);
      await page.goto('/about-us');
      await expect
        .poll(() => page.getByRole('heading', { level: 1 }).textContent())
        .toBe(language === 'ar' ? promotion.title_ar : promotion.title);
      await expect
        .poll(() => page.getByRole('heading', { level: 2 }).first().textContent())
        .toBe(language === 'ar' ? story.title_ar : story.title);
      await expectNoAxeViolations(page);
      expect(problems).toEqual([]);
      await context.close();
    });
  }
});

describe('contact us', () => {
  it('shows the spec messages, keeps values, sends, in English and Arabic', async () => {
    const { page, context, problems } = await openPage(suite.browser, suite.app.url);
    await page.goto('/contact-us');
    const send = page.getByRole('button', { name: 'Send message' });
    await send.click();
    await expect.poll(() => page.locator('main').textContent()).toContain('Full name is required');
    const text = await page.locator('main').textContent();
    expect(text).toContain('Email is required');
    expect(text).toContain('Subject is required');
    expect(text).toContain('description Is Required');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('name')))
      .toBe('full_name');
    await page.getByLabel('Full name').fill('Omar Al-Zahrani');
    await page.getByLabel('Email').fill('omar@example');
    await send.click();
    await expect.poll(() => page.locator('main').textContent()).toContain('Invalid email address');
    expect(await page.getByLabel('Full name').inputValue()).toBe('Omar Al-Zahrani');
    await page.getByLabel('Email').fill('omar@example.com');
    await page.getByLabel('Subject').fill('Certificates');
    await page.getByLabel('Message').fill('How do I download my certificate?');
    await send.click();
    await expect
      .poll(() => page.locator('[data-toast]', { hasText: 'Request Sent Successfully' }).count())
      .toBe(1);
    expect(await page.getByLabel('Subject').inputValue()).toBe('');
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'العربية' }).click();
    await page.getByRole('button', { name: 'إرسال الرسالة' }).click();
    await expect.poll(() => page.locator('main').textContent()).toContain('الموضوع مطلوب');
    expect(problems).toEqual([]);
    await context.close();
  });
});
