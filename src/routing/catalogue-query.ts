/** What the catalogue shows, as kept in the address bar so back, forward and shared links work. */
export interface CatalogueQuery {
  search: string;
  /** Category ids, in the order they were picked. */
  category: number[];
  /** An availability id, or '' for any. */
  availability: string;
  page: number;
}

export const EMPTY_QUERY: CatalogueQuery = { search: '', category: [], availability: '', page: 1 };

function positiveInt(value: string | null): number | undefined {
  if (!value || !/^\d{1,9}$/.test(value)) return undefined;
  const number = Number(value);
  return number >= 1 ? number : undefined;
}

/** Reads a query string (`?search=…&category=1,3&availability=…&page=2`); bad parts are ignored. */
export function parseCatalogueQuery(search: string): CatalogueQuery {
  const params = new URLSearchParams(search);
  const category = (params.get('category') ?? '')
    .split(',')
    .map((item) => positiveInt(item.trim()))
    .filter((id): id is number => id !== undefined);
  return {
    search: (params.get('search') ?? params.get('query') ?? '').trim(),
    category: [...new Set(category)],
    availability: (params.get('availability') ?? '').trim(),
    page: positiveInt(params.get('page')) ?? 1,
  };
}

/** The query string for a query, without the defaults; '' when everything is default. */
export function catalogueQueryString(query: CatalogueQuery): string {
  const params = new URLSearchParams();
  if (query.search.trim()) params.set('search', query.search.trim());
  if (query.category.length) params.set('category', query.category.join(','));
  if (query.availability) params.set('availability', query.availability);
  if (query.page > 1) params.set('page', String(query.page));
  const text = params.toString().replaceAll('%2C', ',');
  return text ? `?${text}` : '';
}
