import { Hono } from 'hono';
import { centreDetailsSchema } from '../../src/api/schemas/cms';
import { SERVER_MESSAGES } from '../../src/api/server-messages';
import type { Db } from '../db';
import { type AppEnv, HttpProblem } from '../http';

const CENTRE_DETAILS_COLUMNS = Object.keys(centreDetailsSchema.shape).join(', ');

/** /cms/…: public content blocks. */
export function cmsRoutes(db: Db): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.get('/king-fahad-details/', async (c) => {
    const { rows } = await db.query(`SELECT ${CENTRE_DETAILS_COLUMNS} FROM centre_details WHERE id = 1`);
    if (!rows[0]) throw new HttpProblem(404, SERVER_MESSAGES.notFound);
    return c.json(centreDetailsSchema.parse(rows[0]));
  });

  return routes;
}
