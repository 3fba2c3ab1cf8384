import type { Category } from '@contract/wire/courses';
import type { Locator } from 'playwright-core';
import type { CatalogueQuery } from '@/routing/catalogue-query';
import { paths } from '@/routing/paths';
import type { Tab } from '../support/browser';
import { numberText } from '../support/text';
import { CourseSearch } from './course-search';
import { PageObject } from './page-object';

/** The catalogue: /browse-course-list, or /search-result when reached by a search. */
export class Catalogue extends PageObject {
  private readonly courseSearch: CourseSearch;

  constructor(
    tab: Tab,
    /** The page's title, which names its results. */
    private readonly title: 'Browse courses' | 'Search results',
  ) {
    super(tab);
    this.courseSearch = new CourseSearch(tab);
  }

  async open(query: Partial<CatalogueQuery> = {}): Promise<void> {
    const address = this.title === 'Search results' ? paths.searchResults : paths.catalogue;
    await this.page.goto(address(query));
  }

  /** The page's heading for a search of `text`. */
  headingFor(text: string): string {
    return `${this.t(this.title)}: “${text}”`;
  }

  get results(): Locator {
    return this.page.getByRole('region', { name: this.t(this.title) });
  }

  /** What the results say (count, or that nothing matches). */
  text(): Promise<string | null> {
    return this.results.textContent();
  }

  /** The line over the results: how many courses, and which page of how many. */
  summary(): Promise<string | null> {
    return this.results.locator('[aria-live="polite"]').textContent();
  }

  /** The page links under the results. */
  pagerText(): Promise<string | null> {
    return this.pages.textContent();
  }

  get cards(): Locator {
    return this.results.getByRole('list', { name: this.t('Courses') }).getByRole('listitem');
  }

  get courseLinks(): Locator {
    return this.results.getByRole('link');
  }

  openCourse(title: string): Promise<void> {
    return this.results.getByRole('link', { name: title }).click();
  }

  nextPage(): Promise<void> {
    return this.pages.getByRole('link', { name: this.t('Next') }).click();
  }

  goToPage(page: number): Promise<void> {
    return this.pages
      .getByRole('link', {
        name: this.t('Page {0}', { 0: numberText(page, this.tab.language) }),
        exact: true,
      })
      .click();
  }

  private get pages(): Locator {
    return this.page.getByRole('navigation', { name: this.t('Pages') });
  }

  /** The category's checkbox, named in the page's language. */
  categoryFilter(category: Category): Locator {
    const name = this.tab.language === 'ar' ? category.name_ar : category.name;
    return this.page.getByRole('checkbox', { name, exact: true });
  }

  filterBy(category: Category): Promise<void> {
    return this.categoryFilter(category).check();
  }

  isFilteredBy(category: Category): Promise<boolean> {
    return this.categoryFilter(category).isChecked();
  }

  /** On a phone the filters wait behind a button. */
  showFilters(): Promise<void> {
    return this.page.getByRole('button', { name: this.t('Show filters') }).click();
  }

  get searchBox(): Locator {
    return this.courseSearch.box;
  }

  search(text: string): Promise<void> {
    return this.courseSearch.search(text);
  }
}
