import type { Context } from 'hono';
import { Hono } from 'hono';
import {
  type Availability,
  availabilityListSchema,
  categoryListSchema,
  courseAboutSchema,
  courseCardPageSchema,
} from '../../src/contract/courses';
import { SERVER_MESSAGES } from '../../src/contract/server-messages';
import type { Db } from '../db';
import { type AppEnv, HttpProblem, idParam, pageRequest } from '../http';
import { DEFAULT_AVATAR } from '../seed-content';

/** The choices of the search's availability filter and the condition each stands for. */
export const AVAILABILITY: readonly (Availability & { where: string })[] = [
  {
    id: 'ongoing',
    name: 'Ongoing',
    name_ar: 'جارية',
    where: 'c.start_date <= current_date AND c.end_date >= current_date',
  },
  { id: 'upcoming', name: 'Upcoming', name_ar: 'قادمة', where: 'c.start_date > current_date' },
];

const CARD_COLUMNS = `c.id, c.cover_image, c.title, c.title_ar, c.status,
  json_build_object('image', coalesce(u.image, '${DEFAULT_AVATAR}'), 'full_name', u.full_name) AS created_by,
  json_build_object('full_name', u.full_name) AS created_by_details`;

const ABOUT_COLUMNS = `${CARD_COLUMNS}, c.subtitle, c.subtitle_ar, c.description, c.description_ar,
  json_build_object('id', k.id, 'name', k.name, 'name_ar', k.name_ar) AS category, c.skill_level,
  c.languages, c.captions, c.weeks, c.surveys, c.facilitators, c.routine, c.female_only,
  to_char(c.start_date, 'YYYY-MM-DD') AS start_date, to_char(c.end_date, 'YYYY-MM-DD') AS end_date`;

const FROM = `FROM courses c JOIN users u ON u.id = c.created_by`;

interface CatalogueFilter {
  search?: string | undefined;
  categories?: number[];
  availability?: string[];
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** The WHERE clause and its parameters for the approved courses a filter selects. */
function catalogueWhere(filter: CatalogueFilter): { where: string; params: unknown[] } {
  const conditions = ["c.status = 'Approved'"];
  const params: unknown[] = [];
  const search = filter.search?.trim();
  if (search) {
    params.push(`%${escapeLike(search)}%`);
    // The same expression as the trigram index of migration 005, so the search uses it.
    conditions.push(`lower(c.title || ' ' || c.title_ar) LIKE lower($${params.length})`);
  }
  if (filter.categories?.length) {
    params.push(filter.categories);
    conditions.push(`c.category_id = ANY($${params.length}::int[])`);
  }
  const availability = AVAILABILITY.filter((choice) => filter.availability?.includes(choice.id));
  if (availability.length)
    conditions.push(`(${availability.map((choice) => `(${choice.where})`).join(' OR ')})`);
  return { where: conditions.join(' AND '), params };
}

function commaList(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

async function cataloguePage(db: Db, c: Context, filter: CatalogueFilter) {
  const { page, limit, offset } = pageRequest(c);
  const { where, params } = catalogueWhere(filter);
  if (filter.search?.trim()) {
    // A search matches few courses: find them once through the trigram index, then count and
    // page them (ordering first would walk the whole catalogue by id instead).
    const { rows } = await db.query<Record<string, unknown> & { total: number }>(
      `WITH matched AS MATERIALIZED (SELECT c.id FROM courses c WHERE ${where})
       SELECT ${CARD_COLUMNS}, (SELECT count(*) FROM matched)::int AS total
       FROM matched m JOIN courses c ON c.id = m.id JOIN users u ON u.id = c.created_by
       ORDER BY c.id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, limit, offset],
    );
    const count = rows[0]?.total ?? (await countCourses(db, where, params));
    return courseCardPageSchema.parse({ count, page, limit, results: rows });
  }
  const [{ rows }, count] = await Promise.all([
    db.query(
      `SELECT ${CARD_COLUMNS} ${FROM} WHERE ${where} ORDER BY c.id DESC
       LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, limit, offset],
    ),
    countCourses(db, where, params),
  ]);
  return courseCardPageSchema.parse({ count, page, limit, results: rows });
}

async function countCourses(db: Db, where: string, params: unknown[]): Promise<number> {
  const { rows } = await db.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM courses c WHERE ${where}`,
    params,
  );
  return rows[0]?.count ?? 0;
}

/** /course/…: the public catalogue. */
export function courseRoutes(db: Db): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.get('/browse-course-list/', async (c) =>
    c.json(await cataloguePage(db, c, { search: c.req.query('search') ?? c.req.query('query') })),
  );

  routes.get('/search-result/', async (c) => {
    const categoryIds = commaList(c.req.query('category'));
    if (!categoryIds.every((item) => /^\d{1,9}$/.test(item))) {
      throw new HttpProblem(400, { field: 'category', message: SERVER_MESSAGES.categoryInvalid });
    }
    const categories = categoryIds.map(Number);
    return c.json(
      await cataloguePage(db, c, {
        search: c.req.query('search'),
        categories,
        availability: commaList(c.req.query('availability')),
      }),
    );
  });

  routes.get('/category/', async (c) => {
    const { rows } = await db.query('SELECT id, name, name_ar FROM course_categories ORDER BY position, id');
    return c.json(categoryListSchema.parse(rows));
  });

  routes.get('/availability/', (c) =>
    c.json(
      availabilityListSchema.parse(AVAILABILITY.map(({ id, name, name_ar }) => ({ id, name, name_ar }))),
    ),
  );

  routes.get('/about/:id/', async (c) => {
    const { rows } = await db.query(
      `SELECT ${ABOUT_COLUMNS} ${FROM} JOIN course_categories k ON k.id = c.category_id
       WHERE c.id = $1 AND c.status = 'Approved'`,
      [idParam(c)],
    );
    if (!rows[0]) throw new HttpProblem(404, SERVER_MESSAGES.notFound);
    return c.json(courseAboutSchema.parse(rows[0]));
  });

  return routes;
}
