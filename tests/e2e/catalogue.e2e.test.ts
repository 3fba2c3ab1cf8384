import type { Paged } from '@contract/wire/common';
import type { Category, CourseAbout, CourseCard } from '@contract/wire/courses';
import { describe, expect, it } from 'vitest';
import { formatMoney } from '@/i18n/numbers';
import { paths } from '@/routing/paths';
import { DEMO_ACCOUNTS } from '../../server/demo-accounts';
import { expectNoAxeViolations } from './support/browser';
import { productSuite } from './support/suite';

const suite = productSuite();

describe('catalogue', () => {
  it('pages through 25 courses at a time, filters by category, and comes back with the back button', async () => {
    const all = await suite.read<Paged<CourseCard>>('/course/browse-course-list/?page=1&limit=25');
    const categories = await suite.read<Category[]>('/course/category/');
    const [first, second] = categories;
    if (!first || !second) throw new Error('the seed has at least two categories');
    const filtered = await suite.read<Paged<CourseCard>>(
      `/course/search-result/?page=1&limit=25&category=${first.id},${second.id}`,
    );
    expect(all.count).toBeGreaterThan(25);

    const { page, screen, catalogue, problems } = await suite.open();
    await catalogue.open();
    await expect.poll(() => catalogue.cards.count()).toBe(25);
    expect(await catalogue.courseLinks.first().textContent()).toBe(all.results[0]?.title);

    await catalogue.nextPage();
    await expect.poll(() => screen.address()).toBe(paths.catalogue({ page: 2 }));
    await expect.poll(() => catalogue.cards.count()).toBe(all.count - 25);

    await catalogue.filterBy(first);
    await expect.poll(() => screen.address()).toBe(paths.catalogue({ category: [first.id] }));
    await catalogue.filterBy(second);
    const both = paths.catalogue({ category: [first.id, second.id] });
    await expect.poll(() => screen.address()).toBe(both);
    await expect.poll(() => catalogue.cards.count()).toBe(filtered.results.length);
    await expect.poll(() => catalogue.text()).toContain(`${filtered.count} courses`);

    // Open a course, then come back: the same filters, checked, and the same courses.
    const firstFiltered = filtered.results[0] as CourseCard;
    await catalogue.openCourse(firstFiltered.title);
    await expect.poll(() => screen.title()).toBe(firstFiltered.title);
    await page.goBack();
    await expect.poll(() => screen.address()).toBe(both);
    expect(await catalogue.isFilteredBy(first)).toBe(true);
    expect(await catalogue.isFilteredBy(second)).toBe(true);
    await expect.poll(() => catalogue.cards.count()).toBe(filtered.results.length);
    await page.goBack();
    await page.goBack();
    await expect.poll(() => screen.address()).toBe(paths.catalogue({ page: 2 }));
    expect(await catalogue.isFilteredBy(first)).toBe(false);

    await expectNoAxeViolations(page);
    expect(problems).toEqual([]);
  });

  it('searches from the header and from the catalogue, and says when nothing matches', async () => {
    const matches = await suite.read<Paged<CourseCard>>('/course/search-result/?page=1&limit=25&search=data');
    expect(matches.count).toBeGreaterThan(0);
    const { page, screen, header, searchResults, problems } = await suite.open({ path: paths.about() });
    await header.openSearch();
    await header.search('data');
    await expect.poll(() => screen.address()).toBe(paths.searchResults({ search: 'data' }));
    await expect.poll(() => searchResults.cards.count()).toBe(matches.results.length);
    await expect.poll(() => screen.title()).toBe(searchResults.headingFor('data'));

    expect(await searchResults.searchBox.inputValue()).toBe('data');
    await searchResults.search('no such course anywhere');
    await expect.poll(() => searchResults.text()).toContain('No data found');
    expect(await searchResults.cards.count()).toBe(0);
    await expectNoAxeViolations(page);
    await page.goBack();
    await expect.poll(() => searchResults.cards.count()).toBe(matches.results.length);
    expect(problems).toEqual([]);
  });

  it('suggests courses while typing in the header; picking one opens it', async () => {
    const matches = await suite.read<Paged<CourseCard>>('/course/search-result/?page=1&limit=25&search=data');
    const { screen, header, problems } = await suite.open({ path: paths.home() });
    await header.typeInSearch('data');
    await expect.poll(() => header.suggestions.count()).toBe(Math.min(8, matches.results.length));
    for (const text of await header.suggestions.allTextContents()) {
      const title = text.replace(/Course$/, '');
      expect(title.replace('…', '').length).toBeLessThanOrEqual(30);
    }
    await header.pickFirstSuggestion();
    const picked = matches.results[0] as CourseCard;
    await expect.poll(() => screen.address()).toBe(paths.courseDetails(picked.id, { title: picked.title }));
    await expect.poll(() => screen.title()).toBe(picked.title);
    expect(problems).toEqual([]);
  });

  it('reads in Arabic on a phone: filters behind a button, Arabic titles, and passes axe', async () => {
    const categories = await suite.read<Category[]>('/course/category/');
    const category = categories[0] as Category;
    const { page, screen, catalogue, problems } = await suite.open({ language: 'ar', width: 'phone' });
    await catalogue.open({ page: 2 });
    await expect.poll(() => catalogue.cards.count()).toBeGreaterThan(0);
    expect(await screen.direction()).toBe('rtl');
    expect(await screen.layoutWidth()).toBeLessThanOrEqual(390);
    expect(await catalogue.categoryFilter(category).isVisible()).toBe(false);
    await catalogue.showFilters();
    await catalogue.filterBy(category);
    await expect.poll(() => screen.address()).toBe(paths.catalogue({ category: [category.id] }));
    const filtered = await suite.read<Paged<CourseCard>>(
      `/course/search-result/?page=1&limit=25&category=${category.id}`,
    );
    await expect.poll(() => catalogue.courseLinks.first().textContent()).toBe(filtered.results[0]?.title_ar);
    await expectNoAxeViolations(page);
    expect(problems).toEqual([]);
  });
});

describe('prices', () => {
  for (const [language, width] of [
    ['en', 'desktop'],
    ['ar', 'phone'],
  ] as const) {
    it(`shows what a course costs, VAT included, or Free, on its card and its page (${language}, ${width})`, async () => {
      const cards = (await suite.read<Paged<CourseCard>>('/course/browse-course-list/?page=1&limit=25'))
        .results;
      const free = cards.find((card) => card.price_with_vat_halalas === 0);
      const priced = cards.find((card) => (card.price_with_vat_halalas ?? 0) > 0);
      if (!free || !priced) throw new Error('the first catalogue page has no free or no priced course');
      const price = formatMoney(priced.price_with_vat_halalas ?? 0, language);
      const title = (card: CourseCard) => (language === 'ar' ? card.title_ar : card.title);
      const { t, screen, catalogue, courseDetails, problems } = await suite.open({ language, width });
      await catalogue.open();
      const cardOf = (card: CourseCard) => catalogue.cards.filter({ hasText: title(card) }).first();
      await expect.poll(() => cardOf(priced).textContent()).toContain(price);
      expect(await cardOf(free).textContent()).toContain(t('Free'));
      // In the page's digits: Arabic-Indic on an Arabic page.
      expect(/[0-9]/.test(price)).toBe(language === 'en');

      await courseDetails.open(priced.id);
      await expect.poll(() => screen.mainText()).toContain(price);
      expect(await screen.mainText()).toContain(t('VAT included'));
      await courseDetails.open(free.id);
      await expect.poll(() => screen.title()).toBe(title(free));
      expect(await screen.mainText()).toContain(t('Free'));
      expect(await screen.mainText()).not.toContain(t('VAT included'));
      expect(await screen.layoutWidth()).toBeLessThanOrEqual(width === 'phone' ? 390 : 1366);
      expect(problems).toEqual([]);
    });
  }
});

describe('course details', () => {
  for (const language of ['en', 'ar'] as const) {
    it(`shows every course field and asks a visitor to sign in to enrol (${language})`, async () => {
      const card = (await suite.read<Paged<CourseCard>>('/course/browse-course-list/?page=1&limit=1'))
        .results[0];
      const course = await suite.read<CourseAbout>(`/course/about/${card?.id}/`);
      const { page, screen, courseDetails, signIn, problems } = await suite.open({
        language,
        width: language === 'ar' ? 'phone' : 'desktop',
      });
      await courseDetails.open(course.id);
      const ar = language === 'ar';
      await expect.poll(() => screen.title()).toBe(ar ? course.title_ar : course.title);
      await expect.poll(() => screen.mainText()).toContain(ar ? course.subtitle_ar : course.subtitle);
      const text = await screen.mainText();
      expect(text).toContain(ar ? course.description_ar : course.description);
      expect(text).toContain(ar ? course.category.name_ar : course.category.name);
      for (const week of course.weeks) {
        expect(text).toContain(ar ? week.syllabus_title_ar : week.syllabus_title);
      }
      expect(await courseDetails.routineDays()).toEqual(courseDetails.week());
      await expectNoAxeViolations(page);

      await courseDetails.enrol();
      await signIn.as(DEMO_ACCOUNTS.trainee);
      // Signed in as a trainee, enrolling goes on to checkout without a second press.
      await expect.poll(() => screen.address()).toBe(paths.checkoutCourse(course.id));
      expect(problems).toEqual([]);
    });
  }
});
