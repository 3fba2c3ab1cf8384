import { Plural, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import {
  browseCourses,
  CATALOGUE_PAGE_SIZE,
  getAvailability,
  getCategories,
  searchCourses,
} from '@/api/courses';
import { api } from '@/api/http';
import { CourseCard, CourseGridPlaceholder } from '@/entities/course/CourseCard';
import { CourseSearchForm } from '@/entities/course/CourseSearchForm';
import { formatNumber } from '@/i18n/numbers';
import { pick } from '@/i18n/pick';
import { useLanguage } from '@/i18n/useLanguage';
import { type CatalogueQuery, catalogueQueryString, parseCatalogueQuery } from '@/routing/catalogue-query';
import { pathOf, paths } from '@/routing/paths';
import type { RouteView } from '@/routing/route-view';
import { useSessionRole } from '@/session';
import { Pager } from '@/ui/Pager';
import { PageTitle } from '@/ui/PageTitle';
import { pageCount } from '@/ui/pages';
import { Placeholder, ResourceView } from '@/ui/ResourceView';
import { useResource } from '@/ui/useResource';
import { hasFilters, toggleCategory, toSearchQuery } from './query';

function CategoryFilter({ query, go }: { query: CatalogueQuery; go: (next: CatalogueQuery) => void }) {
  const { t } = useLingui();
  const language = useLanguage();
  const categories = useResource(() => getCategories(api));
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 font-semibold text-slate-900">{t`Category`}</legend>
      <ResourceView state={categories} loading={<Placeholder className="h-40" />}>
        {(list) =>
          list.length ? (
            list.map((category) => (
              <label key={category.id} className="flex items-center gap-2 text-slate-700">
                <input
                  type="checkbox"
                  name="category"
                  value={category.id}
                  checked={query.category.includes(category.id)}
                  onChange={() => go(toggleCategory(query, category.id))}
                  className="size-4 accent-brand-700"
                />
                <bdi>{pick(category, 'name', language)}</bdi>
              </label>
            ))
          ) : (
            <p className="text-slate-600">{t`Category unavailable`}</p>
          )
        }
      </ResourceView>
    </fieldset>
  );
}

function AvailabilityFilter({ query, go }: { query: CatalogueQuery; go: (next: CatalogueQuery) => void }) {
  const { t } = useLingui();
  const language = useLanguage();
  const choices = useResource(() => getAvailability(api));
  const choose = (availability: string) => go({ ...query, availability, page: 1 });
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 font-semibold text-slate-900">{t`Availability`}</legend>
      <ResourceView state={choices} loading={<Placeholder className="h-20" />}>
        {(list) => (
          <>
            <label className="flex items-center gap-2 text-slate-700">
              <input
                type="radio"
                name="availability"
                value=""
                checked={query.availability === ''}
                onChange={() => choose('')}
                className="size-4 accent-brand-700"
              />
              {t`Any time`}
            </label>
            {list.map((choice) => (
              <label key={choice.id} className="flex items-center gap-2 text-slate-700">
                <input
                  type="radio"
                  name="availability"
                  value={choice.id}
                  checked={query.availability === choice.id}
                  onChange={() => choose(choice.id)}
                  className="size-4 accent-brand-700"
                />
                <bdi>{pick(choice, 'name', language)}</bdi>
              </label>
            ))}
          </>
        )}
      </ResourceView>
    </fieldset>
  );
}

const COURSE_GRID = 'grid grid-cols-1 gap-6 sm:grid-cols-2 xl:grid-cols-3';

/** One page of courses for one query; a new query mounts a new one (see `key` below). */
function Results({
  query,
  filtered,
  href,
}: {
  query: CatalogueQuery;
  /** Whether the search endpoint (with filters) answers rather than the plain browse list. */
  filtered: boolean;
  href: (page: number) => string;
}) {
  const { t } = useLingui();
  const language = useLanguage();
  const role = useSessionRole();
  const courses = useResource(() =>
    filtered
      ? searchCourses(api, toSearchQuery(query, CATALOGUE_PAGE_SIZE))
      : browseCourses(api, { page: query.page, limit: CATALOGUE_PAGE_SIZE, search: query.search }),
  );
  return (
    <ResourceView
      state={courses}
      loading={
        <>
          <Placeholder className="mb-4 h-5 w-56" />
          <CourseGridPlaceholder className={COURSE_GRID} count={CATALOGUE_PAGE_SIZE} />
        </>
      }
    >
      {(page) => {
        const total = pageCount(page.count, CATALOGUE_PAGE_SIZE);
        if (!page.results.length) {
          return (
            <div className="rounded-xl bg-white p-8 text-center text-slate-600">
              <p>{t`No data found`}</p>
              {query.page > total && (
                <Link href={href(1)} className="mt-3 inline-block font-semibold text-brand-800 underline">
                  {t`Back to the first page`}
                </Link>
              )}
            </div>
          );
        }
        return (
          <>
            <p className="mb-4 text-sm text-slate-600" aria-live="polite">
              <Plural value={page.count} one="# course" other="# courses" /> ·{' '}
              {t`page ${formatNumber(query.page, language)} of ${formatNumber(total, language)}`}
            </p>
            <ul aria-label={t`Courses`} className={COURSE_GRID}>
              {page.results.map((course) => (
                <li key={course.id} className="flex min-w-0">
                  <CourseCard course={course} showStatus={role === 'TRAINEE'} />
                </li>
              ))}
            </ul>
            <Pager page={query.page} total={total} href={href} />
          </>
        );
      }}
    </ResourceView>
  );
}

/**
 * The catalogue (/browse-course-list and /search-result): search, category and availability
 * filters and 25 courses a page, all kept in the address bar.
 */
export default function CataloguePage({ title }: RouteView) {
  const { t, i18n } = useLingui();
  const [location, navigate] = useLocation();
  const search = useSearch();
  const query = parseCatalogueQuery(search);
  const key = catalogueQueryString(query);
  const onSearchResults = pathOf(location) === paths.searchResults.pattern;
  const filtered = onSearchResults || hasFilters(query);
  const address = onSearchResults ? paths.searchResults : paths.catalogue;
  const go = (next: CatalogueQuery) => navigate(address(next));

  const [showFilters, setShowFilters] = useState(false);

  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <PageTitle>{query.search ? `${i18n._(title)}: “${query.search}”` : i18n._(title)}</PageTitle>
      <CourseSearchForm
        className="mt-6 block max-w-2xl"
        text={query.search}
        onSearch={(text) => go({ ...query, search: text, page: 1 })}
      />
      <div className="mt-6 grid gap-8 lg:grid-cols-[16rem_1fr]">
        <div className="flex min-w-0 flex-col gap-4 self-start">
          <button
            type="button"
            aria-expanded={showFilters}
            aria-controls="catalogue-filters"
            onClick={() => setShowFilters((shown) => !shown)}
            className="rounded-lg border border-slate-300 bg-white px-4 py-2.5 font-semibold lg:hidden"
          >
            {showFilters ? t`Hide filters` : t`Show filters`}
          </button>
          <aside
            id="catalogue-filters"
            aria-label={t`Filters`}
            className={`${showFilters ? 'flex' : 'hidden'} flex-col gap-6 rounded-2xl border border-slate-200 bg-white p-5 lg:flex`}
          >
            <CategoryFilter query={query} go={go} />
            <AvailabilityFilter query={query} go={go} />
          </aside>
        </div>
        <section aria-labelledby="catalogue-results" className="min-w-0">
          {/* The cards are level-3 headings; this keeps the outline whole for screen readers. */}
          <h2 id="catalogue-results" className="sr-only">
            {i18n._(title)}
          </h2>
          <Results
            key={`${filtered}${key}`}
            query={query}
            filtered={filtered}
            href={(page) => address({ ...query, page })}
          />
        </section>
      </div>
    </div>
  );
}
