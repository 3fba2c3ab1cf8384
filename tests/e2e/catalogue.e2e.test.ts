import { describe, expect, it } from 'vitest';
import type { Paged } from '@/contract/common';
import type { Category, CourseAbout, CourseCard } from '@/contract/courses';
import { DEMO_ACCOUNTS } from '../../server/demo-accounts';
import { expectNoAxeViolations, openPage } from './support/browser';
import { signInThroughDialog } from './support/identity';
import { productSuite } from './support/suite';

const suite = productSuite();

async function read<T>(path: string): Promise<T> {
  return (await (await fetch(`${suite.app.url}/api/v1${path}`)).json()) as T;
}

describe('catalogue', () => {
  it('pages through 25 courses at a time, filters by category, and comes back with the back button', async () => {
    const all = await read<Paged<CourseCard>>('/course/browse-course-list/?page=1&limit=25');
    const categories = await read<Category[]>('/course/category/');
    const [first, second] = categories;
    if (!first || !second) throw new Error('the seed has at least two categories');
    const filtered = await read<Paged<CourseCard>>(
      `/course/search-result/?page=1&limit=25&category=${first.id},${second.id}`,
    );
    expect(all.count).toBeGreaterThan(25);

    const { page, context, problems } = await openPage(suite.browser, suite.app.url);
    await page.goto('/browse-course-list');
    const results = page.getByRole('region', { name: 'Browse courses' });
    const cards = results.getByRole('list', { name: 'Courses' }).getByRole('listitem');
    await expect.poll(() => cards.count()).toBe(25);
    expect(await results.getByRole('link').first().textContent()).toBe(all.results[0]?.title);

    await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Next' }).click();
    await expect.poll(() => page.url()).toBe(`${suite.app.url}/browse-course-list?page=2`);
    await expect.poll(() => cards.count()).toBe(all.count - 25);

    await page.getByRole('checkbox', { name: first.name, exact: true }).check();
    await expect.poll(() => page.url()).toBe(`${suite.app.url}/browse-course-list?category=${first.id}`);
    await page.getByRole('checkbox', { name: second.name, exact: true }).check();
    await expect
      .poll(() => page.url())
      .toBe(`${suite.app.url}/browse-course-list?category=${first.id},${second.id}`);
    await expect.poll(() => cards.count()).toBe(filtered.results.length);
    await expect.poll(() => results.textContent()).toContain(`${filtered.count} courses`);

    // Open a course, then come back: the same filters, checked, and the same courses.
    const firstFiltered = filtered.results[0] as CourseCard;
    await results.getByRole('link', { name: firstFiltered.title }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(firstFiltered.title);
    await page.goBack();
    await expect
      .poll(() => page.url())
      .toBe(`${suite.app.url}/browse-course-list?category=${first.id},${second.id}`);
    expect(await page.getByRole('checkbox', { name: first.name, exact: true }).isChecked()).toBe(true);
    expect(await page.getByRole('checkbox', { name: second.name, exact: true }).isChecked()).toBe(true);
    await expect.poll(() => cards.count()).toBe(filtered.results.length);
    await page.goBack();
    await page.goBack();
    await expect.poll(() => page.url()).toBe(`${suite.app.url}/browse-course-list?page=2`);
    expect(await page.getByRole('checkbox', { name: first.name, exact: true }).isChecked()).toBe(false);

    await expectNoAxeViolations(page);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('searches from the header and from the catalogue, and says when nothing matches', async () => {
    const matches = await read<Paged<CourseCard>>('/course/search-result/?page=1&limit=25&search=data');
    expect(matches.count).toBeGreaterThan(0);
    const { page, context, problems } = await openPage(suite.browser, suite.app.url);
    await page.goto('/about-us');
    await page.getByRole('button', { name: 'Search courses' }).click();
    const header = page.getByRole('combobox', { name: 'Search courses' });
    await header.fill('data');
    await header.press('Enter');
    await expect.poll(() => page.url()).toBe(`${suite.app.url}/search-result?search=data`);
    const results = page.getByRole('region', { name: 'Search results' });
    const cards = results.getByRole('list', { name: 'Courses' }).getByRole('listitem');
    await expect.poll(() => cards.count()).toBe(matches.results.length);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Search results: “data”');

    const search = page.getByRole('searchbox', { name: 'Find a course' });
    expect(await search.inputValue()).toBe('data');
    await search.fill('no such course anywhere');
    await search.press('Enter');
    await expect.poll(() => results.textContent()).toContain('No data found');
    expect(await cards.count()).toBe(0);
    await expectNoAxeViolations(page);
    await page.goBack();
    await expect.poll(() => cards.count()).toBe(matches.results.length);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('suggests courses while typing in the header; picking one opens it', async () => {
    const matches = await read<Paged<CourseCard>>('/course/search-result/?page=1&limit=25&search=data');
    const { page, context, problems } = await openPage(suite.browser, suite.app.url);
    await page.goto('/');
    const header = page.getByRole('combobox', { name: 'Search courses' });
    await header.fill('data');
    const options = page.getByRole('listbox', { name: 'Suggested courses' }).getByRole('option');
    await expect.poll(() => options.count()).toBe(Math.min(8, matches.results.length));
    for (const text of await options.allTextContents()) {
      const title = text.replace(/Course$/, '');
      expect(title.replace('…', '').length).toBeLessThanOrEqual(30);
    }
    await header.press('ArrowDown');
    await header.press('Enter');
    const picked = matches.results[0] as CourseCard;
    await expect
      .poll(() => page.url())
      .toBe(`${suite.app.url}/course-details/${picked.id}?title=${encodeURIComponent(picked.title)}`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(picked.title);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('reads in Arabic on a phone: filters behind a button, Arabic titles, and passes axe', async () => {
    const categories = await read<Category[]>('/course/category/');
    const category = categories[0] as Category;
    const { page, context, problems } = await openPage(suite.browser, suite.app.url, 'phone');
    await page.addInitScript(() => localStorage.setItem('language', 'ar'));
    await page.goto('/browse-course-list?page=2');
    const results = page.getByRole('region', { name: 'تصفح الدورات' });
    const cards = results.getByRole('list', { name: 'الدورات' }).getByRole('listitem');
    await expect.poll(() => cards.count()).toBeGreaterThan(0);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await page.getByRole('checkbox', { name: category.name_ar, exact: true }).isVisible()).toBe(false);
    await page.getByRole('button', { name: 'إظهار عوامل التصفية' }).click();
    await page.getByRole('checkbox', { name: category.name_ar, exact: true }).check();
    await expect.poll(() => page.url()).toBe(`${suite.app.url}/browse-course-list?category=${category.id}`);
    const filtered = await read<Paged<CourseCard>>(
      `/course/search-result/?page=1&limit=25&category=${category.id}`,
    );
    await expect
      .poll(() => results.getByRole('link').first().textContent())
      .toBe(filtered.results[0]?.title_ar);
    await expectNoAxeViolations(page);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('course details', () => {
  for (const language of ['en', 'ar'] as const) {
    it(`shows every course field and asks a visitor to sign in to enrol (${language})`, async () => {
      const card = (await read<Paged<CourseCard>>('/course/browse-course-list/?page=1&limit=1')).results[0];
      const course = await read<CourseAbout>(`/course/about/${card?.id}/`);
      const { page, context, problems } = await openPage(
        suite.browser,
        suite.app.url,
        language === 'ar' ? 'phone' : 'desktop',
      );
      await page.addInitScript((lang) => localStorage.setItem('language', lang), language);
      await page.goto(`/course-details/${course.id}`);
      const ar = language === 'ar';
      await expect
        .poll(() => page.getByRole('heading', { level: 1 }).textContent())
        .toBe(ar ? course.title_ar : course.title);
      const main = page.locator('main');
      await expect.poll(() => main.textContent()).toContain(ar ? course.subtitle_ar : course.subtitle);
      const text = await main.textContent();
      expect(text).toContain(ar ? course.description_ar : course.description);
      expect(text).toContain(ar ? course.category.name_ar : course.category.name);
      for (const week of course.weeks) {
        expect(text).toContain(ar ? week.syllabus_title_ar : week.syllabus_title);
      }
      const routine = page.getByRole('table');
      expect(await routine.getByRole('rowheader').allTextContents()).toEqual(
        ar
          ? ['السبت', 'الأحد', 'الاثنين', 'الثلاثاء', 'الأربعاء', 'الخميس', 'الجمعة']
          : ['Saturday', 'Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
      );
      await expectNoAxeViolations(page);

      await page.getByRole('button', { name: ar ? 'سجّل الآن' : 'Enroll Now' }).click();
      await signInThroughDialog(page, DEMO_ACCOUNTS.trainee, language);
      // Back on the same course, now signed in as a trainee: enrolling goes on to checkout.
      expect(page.url()).toBe(`${suite.app.url}/course-details/${course.id}`);
      await expect
        .poll(() => page.getByRole('link', { name: ar ? 'سجّل الآن' : 'Enroll Now' }).getAttribute('href'))
        .toBe(`/checkout/${course.id}`);
      expect(problems).toEqual([]);
      await context.close();
    });
  }
});
