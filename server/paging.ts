import { SERVER_MESSAGES } from '@contract/messages/server-messages';
import type { Db } from './db';
import { HttpProblem, type ProblemDetail, type UserMessage } from './http';
import { type QueryReader, validQuery, wholeNumber } from './validation';

/** Page and page size of a list request: page is 1-based; limit defaults to 25, at most 100. */
export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 100;
/** Far beyond any list's last page; keeps the offset a small, exact number. */
export const MAX_PAGE = 1_000_000;

export interface PageRequest {
  page: number;
  limit: number;
  offset: number;
}

/** How large a list's pages may be, and the sentence that refuses another size. */
export interface PageSizes {
  default: number;
  max: number;
  limitInvalid: UserMessage;
}

const PAGE_SIZES: PageSizes = {
  default: DEFAULT_PAGE_SIZE,
  max: MAX_PAGE_SIZE,
  limitInvalid: SERVER_MESSAGES.limitInvalid,
};

/**
 * `page` and `limit` of the query string; absent (or empty) ones take their defaults, anything but a
 * whole number in range is refused with 400 rather than quietly replaced.
 */
export function pageRequest(query: QueryReader, sizes: PageSizes = PAGE_SIZES): PageRequest {
  const pageText = query('page') || undefined;
  const limitText = query('limit') || undefined;
  const page = pageText === undefined ? 1 : wholeNumber(pageText, MAX_PAGE);
  const limit = limitText === undefined ? sizes.default : wholeNumber(limitText, sizes.max);
  const details: ProblemDetail[] = [];
  if (page === undefined) details.push({ field: 'page', message: SERVER_MESSAGES.pageInvalid });
  if (limit === undefined) details.push({ field: 'limit', message: sizes.limitInvalid });
  if (page === undefined || limit === undefined) throw new HttpProblem(400, details);
  return { page, limit, offset: (page - 1) * limit };
}

/** The query of a list with nothing but paging: `c.req.valid('query')` is its PageRequest. */
export const pageQuery = (sizes: PageSizes = PAGE_SIZES) => validQuery((query) => pageRequest(query, sizes));

/** One page of a list, as every list endpoint answers it. */
export interface Page<Row> {
  count: number;
  page: number;
  limit: number;
  results: Row[];
}

/** A statement and its parameters. */
export interface Statement {
  sql: string;
  params?: readonly unknown[];
}

/**
 * One page of rows and the number of all of them: `rows` is a SELECT that LIMIT and OFFSET are
 * appended to (as the parameters after its own), `count` a `SELECT count(*)::int AS count` of the
 * same rows.
 */
export async function selectPage<Row = Record<string, unknown>>(
  db: Db,
  { page, limit, offset }: PageRequest,
  rows: Statement,
  count: Statement,
): Promise<Page<Row>> {
  const params = rows.params ?? [];
  const [selected, counted] = await Promise.all([
    db.query<Row>(`${rows.sql} LIMIT $${params.length + 1} OFFSET $${params.length + 2}`, [
      ...params,
      limit,
      offset,
    ]),
    db.query<{ count: number }>(count.sql, count.params),
  ]);
  return { count: counted.rows[0]?.count ?? 0, page, limit, results: selected.rows };
}
