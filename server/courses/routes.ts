import { Hono } from 'hono';
import {
  availabilityListSchema,
  categoryListSchema,
  courseAboutSchema,
  courseCardPageSchema,
} from '../../src/contract/courses';
import { SERVER_MESSAGES } from '../../src/contract/server-messages';
import type { Deps } from '../deps';
import { type AppEnv, HttpProblem } from '../http';
import { pageRequest } from '../paging';
import { type QueryReader, validId, validQuery } from '../validation';
import { AVAILABILITY, cataloguePage, findCourseAbout, listCategories } from './queries';

function commaList(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

/** The category ids of a search (`category=1,2`); anything else is refused with 400. */
function categoryIds(query: QueryReader): number[] {
  const ids = commaList(query('category'));
  if (!ids.every((item) => /^\d{1,9}$/.test(item))) {
    throw new HttpProblem(400, { field: 'category', message: SERVER_MESSAGES.categoryInvalid });
  }
  return ids.map(Number);
}

/** The catalogue's page and title search (`search`, or the older `query`). */
const browseQuery = validQuery((query) => ({
  page: pageRequest(query),
  filter: { search: query('search') ?? query('query') },
}));

/** The search page's page, title search, categories and availability. */
const searchQuery = validQuery((query) => {
  const categories = categoryIds(query);
  return {
    page: pageRequest(query),
    filter: { search: query('search'), categories, availability: commaList(query('availability')) },
  };
});

const AVAILABILITY_CHOICES = availabilityListSchema.parse(
  AVAILABILITY.map(({ id, name, name_ar }) => ({ id, name, name_ar })),
);

/** /course/…: the public catalogue. */
export function courseRoutes({ db }: Deps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.get('/browse-course-list/', browseQuery, async (c) => {
    const { page, filter } = c.req.valid('query');
    return c.json(courseCardPageSchema.parse(await cataloguePage(db, page, filter)));
  });

  routes.get('/search-result/', searchQuery, async (c) => {
    const { page, filter } = c.req.valid('query');
    return c.json(courseCardPageSchema.parse(await cataloguePage(db, page, filter)));
  });

  routes.get('/category/', async (c) => c.json(categoryListSchema.parse(await listCategories(db))));

  routes.get('/availability/', (c) => c.json(AVAILABILITY_CHOICES));

  routes.get('/about/:id/', validId(), async (c) => {
    const course = await findCourseAbout(db, c.req.valid('param').id);
    if (!course) throw new HttpProblem(404, SERVER_MESSAGES.notFound);
    return c.json(courseAboutSchema.parse(course));
  });

  return routes;
}
