import { SERVER_MESSAGES } from '@contract/messages/server-messages';
import {
  availabilityListSchema,
  categoryListSchema,
  courseAboutSchema,
  courseCardPageSchema,
} from '@contract/wire/courses';
import { type Context, Hono } from 'hono';
import type { Deps } from '../deps';
import { type AppEnv, HttpProblem } from '../http';
import type { Mounts } from '../mounts';
import { type PageRequest, pageRequest } from '../paging';
import { type QueryReader, validId, validQuery } from '../validation';
import { createPublicAnswers } from './public-answers';
import {
  AVAILABILITY,
  type CatalogueFilter,
  cataloguePage,
  findCourseAbout,
  listCategories,
} from './queries';

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

/**
 * What a catalogue page shows depends on nothing else: requests that differ only in the order or
 * repetition of categories, unknown availability choices or spaces around the search share it.
 */
function catalogueKey(page: PageRequest, filter: CatalogueFilter): string {
  return JSON.stringify([
    'catalogue',
    page.page,
    page.limit,
    filter.search?.trim() ?? '',
    [...new Set(filter.categories ?? [])].sort((a, b) => a - b),
    AVAILABILITY.filter((choice) => filter.availability?.includes(choice.id)).map((choice) => choice.id),
  ]);
}

/**
 * /course/…: the public catalogue. `vatRate` (basis points) makes each card's and course's price
 * the one a trainee pays, VAT included.
 */
export function courseRoutes({ db }: Deps, { vatRate }: { vatRate: number }): Mounts {
  const routes = new Hono<AppEnv>();
  // Kept in memory while the catalogue does not change (server/courses/public-answers.ts).
  const answers = createPublicAnswers(db);

  const cataloguePageAnswer = (c: Context, page: PageRequest, filter: CatalogueFilter) =>
    answers.json(c, catalogueKey(page, filter), async () =>
      courseCardPageSchema.parse(await cataloguePage(db, page, filter, vatRate)),
    );

  routes.get('/browse-course-list/', browseQuery, (c) => {
    const { page, filter } = c.req.valid('query');
    return cataloguePageAnswer(c, page, filter);
  });

  routes.get('/search-result/', searchQuery, (c) => {
    const { page, filter } = c.req.valid('query');
    return cataloguePageAnswer(c, page, filter);
  });

  routes.get('/category/', (c) =>
    answers.json(c, 'categories', async () => categoryListSchema.parse(await listCategories(db))),
  );

  routes.get('/availability/', (c) => c.json(AVAILABILITY_CHOICES));

  routes.get('/about/:id/', validId(), (c) => {
    const { id } = c.req.valid('param');
    return answers.json(c, `about|${id}`, async () => {
      const course = await findCourseAbout(db, id, vatRate);
      if (!course) throw new HttpProblem(404, SERVER_MESSAGES.notFound);
      return courseAboutSchema.parse(course);
    });
  });

  return [['/course/', routes]];
}
