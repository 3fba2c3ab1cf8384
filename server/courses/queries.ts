import type { Availability } from '@contract/wire/courses';
import type { Db } from '../db';
import { type Page, type PageRequest, selectPage } from '../paging';
import { DEFAULT_AVATAR } from '../users';

/** The choices of the search's availability filter and the condition each stands for. */
export const AVAILABILITY: readonly (Availability & { where: string })[] = [
  {
    id: 'ongoing',
    name: 'Ongoing',
    name_ar: 'جارية',
    where: 'c.start_date <= centre_today() AND NOT course_ended(c.end_date, c.closed_at)',
  },
  { id: 'upcoming', name: 'Upcoming', name_ar: 'قادمة', where: 'c.start_date > centre_today()' },
];

/**
 * A course card's columns; `avatar` is the parameter holding the picture of a trainer without one,
 * `vatRate` the one holding the VAT rate in basis points. The price is the one a trainee pays, VAT
 * included, rounded as vatOf (contract/domain/money.ts) rounds it.
 */
function cardColumns(avatar: string, vatRate: string): string {
  return `c.id, c.cover_image, c.title, c.title_ar, c.status,
  json_build_object('image', coalesce(u.image, ${avatar}), 'full_name', u.full_name) AS created_by,
  json_build_object('full_name', u.full_name) AS created_by_details,
  (c.price_halalas + (c.price_halalas::bigint * ${vatRate}::int + 5000) / 10000)::int AS price_with_vat_halalas`;
}

const ABOUT_DETAIL_COLUMNS = `c.subtitle, c.subtitle_ar, c.description, c.description_ar,
  json_build_object('id', k.id, 'name', k.name, 'name_ar', k.name_ar) AS category, c.skill_level,
  c.languages, c.captions, c.weeks, c.surveys, c.facilitators, c.routine, c.female_only,
  to_char(c.start_date, 'YYYY-MM-DD') AS start_date, to_char(c.end_date, 'YYYY-MM-DD') AS end_date,
  c.price_halalas`;

const FROM = `FROM courses c JOIN users u ON u.id = c.created_by`;

export interface CatalogueFilter {
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

/** One page of the approved courses a filter selects, newest first. */
export async function cataloguePage(
  db: Db,
  request: PageRequest,
  filter: CatalogueFilter,
  vatRate: number,
): Promise<Page<unknown>> {
  const { where, params } = catalogueWhere(filter);
  const count = { sql: `SELECT count(*)::int AS count FROM courses c WHERE ${where}`, params };
  const avatar = `$${params.length + 1}`;
  const rate = `$${params.length + 2}`;
  if (!filter.search?.trim()) {
    const rows = `SELECT ${cardColumns(avatar, rate)} ${FROM} WHERE ${where} ORDER BY c.id DESC`;
    return selectPage(db, request, { sql: rows, params: [...params, DEFAULT_AVATAR, vatRate] }, count);
  }
  // A search matches few courses: find them once through the trigram index, then count and page
  // them (ordering first would walk the whole catalogue by id instead).
  const { rows } = await db.query<Record<string, unknown> & { total: number }>(
    `WITH matched AS MATERIALIZED (SELECT c.id FROM courses c WHERE ${where})
     SELECT ${cardColumns(avatar, rate)}, (SELECT count(*) FROM matched)::int AS total
     FROM matched m JOIN courses c ON c.id = m.id JOIN users u ON u.id = c.created_by
     ORDER BY c.id DESC LIMIT $${params.length + 3} OFFSET $${params.length + 4}`,
    [...params, DEFAULT_AVATAR, vatRate, request.limit, request.offset],
  );
  // Past the last page no row carries the total.
  const total = rows[0]?.total ?? (await db.query<{ count: number }>(count.sql, count.params)).rows[0]?.count;
  return { count: total ?? 0, page: request.page, limit: request.limit, results: rows };
}

/** The course categories, in their order; not those the centre hid. */
export async function listCategories(db: Db): Promise<unknown[]> {
  const { rows } = await db.query(
    'SELECT id, name, name_ar FROM course_categories WHERE hidden_at IS NULL ORDER BY position, id',
  );
  return rows;
}

/** An approved course with its details; undefined for one that is missing or not approved. */
export async function findCourseAbout(db: Db, id: number, vatRate: number): Promise<unknown> {
  const { rows } = await db.query(
    `SELECT ${cardColumns('$2', '$3')}, ${ABOUT_DETAIL_COLUMNS} ${FROM}
     JOIN course_categories k ON k.id = c.category_id
     WHERE c.id = $1 AND c.status = 'Approved'`,
    [id, DEFAULT_AVATAR, vatRate],
  );
  return rows[0];
}
