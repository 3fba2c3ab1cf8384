import type { SearchQuery } from '@/api/courses';
import type { CatalogueQuery } from '@/routing/catalogue-query';

export function hasFilters(query: CatalogueQuery): boolean {
  return query.category.length > 0 || query.availability !== '';
}

/** The API query for one catalogue page. */
export function toSearchQuery(query: CatalogueQuery, limit: number): SearchQuery {
  return {
    page: query.page,
    limit,
    search: query.search || undefined,
    category: query.category,
    availability: query.availability || undefined,
  };
}

/** Toggles a category; a change of filter starts again at page 1. */
export function toggleCategory(query: CatalogueQuery, id: number): CatalogueQuery {
  const category = query.category.includes(id)
    ? query.category.filter((item) => item !== id)
    : [...query.category, id];
  return { ...query, category, page: 1 };
}
