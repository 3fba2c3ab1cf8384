import { beforeAll, describe, expect, it } from 'vitest';
import type { HeroSection } from '@/contract/cms';
import { expectNoAxeViolations, openPage } from './support/browser';
import { productSuite } from './support/suite';

const suite = productSuite();
let hero: HeroSection;

beforeAll(async () => {
  hero = (await (await fetch(`${suite.app.url}/api/v1/cms/hero-section/`)).json()) as HeroSection;
});

describe('home', () => {
  it('shows the banner, the first 8 courses, the benefits, the trainer block and the events (English)', async () => {
    const { page, context, problems } = await openPage(suite.browser, suite.app.url);
    await page.goto('/');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(hero.slogan);
    const courses = page.getByRole('region', { name: 'Browse our courses' });
    await expect.poll(() => courses.getByRole('listitem').count()).toBe(8);
    const first = await courses.getByRole('link').first().getAttribute('href');
    expect(first).toMatch(/^\/course-details\/\d+$/);
    expect(await page.getByRole('link', { name: 'View all' }).getAttribute('href')).toBe(
      '/browse-course-list',
    );
    await expect
      .poll(() => page.getByRole('region', { name: 'Latest events' }).getByRole('listitem').count())
      .toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Become a Trainer' }).first().click();
    await expect
      .poll(() => page.getByRole('dialog').getByRole('heading').first().textContent())
      .toBe('Become a Trainer');
    await page.keyboard.press('Escape');
    const search = page.getByRole('searchbox', { name: 'Find a course' });
    await search.fill('data');
    await search.press('Enter');
    await expect.poll(() => page.url()).toBe(`${suite.app.url}/browse-course-list?search=data`);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('reads right-to-left in Arabic on a phone and passes axe', async () => {
    const { page, context, problems } = await openPage(suite.browser, suite.app.url, 'phone');
    await page.addInitScript(() => localStorage.setItem('language', 'ar'));
    await page.goto('/');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(hero.slogan_ar);
    await expect
      .poll(() => page.getByRole('region', { name: 'تصفح دوراتنا' }).getByRole('listitem').count())
      .toBe(8);
    await expectNoAxeViolations(page);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('request a course', () => {
  it('is reached from the footer, shows the exact messages, keeps values, and sends (English and Arabic)', async () => {
    const { page, context, problems } = await openPage(suite.browser, suite.app.url);
    await page.goto('/about-us');
    await page.locator('footer [data-menu-id="10005"] a').click();
    const section = page.getByRole('region', { name: 'Request a course' });
    await section.getByRole('button', { name: 'Send request' }).waitFor();
    expect(new URL(page.url()).hash).toBe('#request-a-course');
    await section.getByLabel('Email').fill('not-an-email');
    await section.getByRole('button', { name: 'Send request' }).click();
    await expect.poll(() => section.textContent()).toContain('Full name is required');
    expect(await section.textContent()).toContain('Invalid email address');
    expect(await section.textContent()).toContain('description Is Required');
    expect(await section.getByLabel('Email').inputValue()).toBe('not-an-email');
    await section.getByLabel('Full name').fill('Maha Al-Qahtani');
    await section.getByLabel('Email').fill('maha@example.com');
    await section.getByLabel('Which course would you like?').fill('GIS for municipal staff');
    await section.getByRole('button', { name: 'Send request' }).click();
    await expect
      .poll(() => page.locator('[data-toast]', { hasText: 'Course Request is Successfully' }).count())
      .toBe(1);
    expect(await section.getByLabel('Full name').inputValue()).toBe('');
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'العربية' }).click();
    const arabic = page.getByRole('region', { name: 'اطلب دورة' });
    await arabic.getByRole('button', { name: 'إرسال الطلب' }).click();
    await expect.poll(() => arabic.textContent()).toContain('الاسم الكامل مطلوب');
    expect(await arabic.textContent()).toContain('الوصف مطلوب');
    expect(problems).toEqual([]);
    await context.close();
  });
});
