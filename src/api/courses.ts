import type { Paged, PageQuery } from '@contract/wire/common';
import {
  type Availability,
  availabilityListSchema,
  type Category,
  type CourseAbout,
  type CourseCard,
  categoryListSchema,
  courseAboutSchema,
  courseCardPageSchema,
} from '@contract/wire/courses';
import type { ApiClient } from './client';

/** Spec section 9: the catalogue's page size. */
export const CATALOGUE_PAGE_SIZE = 25;

export interface BrowseQuery extends PageQuery {
  search?: string;
}

export interface SearchQuery extends BrowseQuery {
  /** Category ids, sent as a comma list. */
  category?: readonly number[];
  /** An id from /course/availability/. */
  availability?: string;
}

function text(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

/** GET /course/browse-course-list/?page&limit&search */
export function browseCourses(api: ApiClient, query: BrowseQuery = {}): Promise<Paged<CourseCard>> {
  return api.public(courseCardPageSchema, '/course/browse-course-list/', {
    query: { page: query.page ?? 1, limit: query.limit ?? CATALOGUE_PAGE_SIZE, search: text(query.search) },
  });
}

/** GET /course/search-result/?page&limit&search&category&availability */
export function searchCourses(api: ApiClient, query: SearchQuery = {}): Promise<Paged<CourseCard>> {
  return api.public(courseCardPageSchema, '/course/search-result/', {
    query: {
      page: query.page ?? 1,
      limit: query.limit ?? CATALOGUE_PAGE_SIZE,
      search: text(query.search),
      category: query.category?.length ? query.category.join(',') : undefined,
      availability: text(query.availability),
    },
  });
}

/** GET /course/category/ */
export function getCategories(api: ApiClient): Promise<Category[]> {
  return api.public(categoryListSchema, '/course/category/');
}

/** GET /course/availability/ */
export function getAvailability(api: ApiClient): Promise<Availability[]> {
  return api.public(availabilityListSchema, '/course/availability/');
}

/** GET /course/about/{id}/: the course details page. */
export function getCourseAbout(api: ApiClient, id: number): Promise<CourseAbout> {
  return api.public(courseAboutSchema, `/course/about/${id}/`);
}
