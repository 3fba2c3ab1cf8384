import { Hono } from 'hono';
import type * as z from 'zod/mini';
import {
  aboutPromotionSchema,
  aboutStorySchema,
  becomeTrainerSchema,
  centreDetailsSchema,
  getInTouchTitleSchema,
  heroSectionSchema,
  keyBenefitsSchema,
} from '../../src/contract/cms';
import { issuePageSchema, issueSchema } from '../../src/contract/issues';
import {
  COURSE_REQUEST_FIELDS,
  courseRequestFormSchema,
  GET_IN_TOUCH_FIELDS,
  getInTouchFormSchema,
  ISSUE_REPORT_FIELDS,
  issueReportFormSchema,
  PUBLIC_MESSAGES,
} from '../../src/contract/public-forms';
import { SERVER_MESSAGES } from '../../src/contract/server-messages';
import { requireAuth } from '../auth/middleware';
import type { TokenService } from '../auth/tokens';
import type { Db } from '../db';
import {
  type AppEnv,
  checkForm,
  HttpProblem,
  idParam,
  jsonBodyLimit,
  pageRequest,
  readJsonFields,
} from '../http';
import type { RateLimiter } from '../rate-limits';
import type { CmsBlockKey } from '../seed-content';

const CENTRE_DETAILS_COLUMNS = Object.keys(centreDetailsSchema.shape).join(', ');

const BLOCKS: Record<CmsBlockKey, z.ZodMiniType> = {
  'hero-section': heroSectionSchema,
  'about-page-promotion': aboutPromotionSchema,
  'about-page-our-story': aboutStorySchema,
  'key-benefits-of-trainee-feature': keyBenefitsSchema,
  'become-a-trainer': becomeTrainerSchema,
  'get-in-touch-title': getInTouchTitleSchema,
};

const ISSUE_COLUMNS = `id, name, subject, description, status,
  to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS created_at`;

/** /cms/…: public content blocks, the contact and course-request forms, and issue reports. */
export function cmsRoutes(db: Db, tokens: TokenService, limiter: RateLimiter): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const signedIn = requireAuth(db, tokens);
  const issueLimit = limiter.perClient('issueReportClient');

  routes.get('/king-fahad-details/', async (c) => {
    const { rows } = await db.query(`SELECT ${CENTRE_DETAILS_COLUMNS} FROM centre_details WHERE id = 1`);
    if (!rows[0]) throw new HttpProblem(404, SERVER_MESSAGES.notFound);
    return c.json(centreDetailsSchema.parse(rows[0]));
  });

  for (const [key, schema] of Object.entries(BLOCKS)) {
    routes.get(`/${key}/`, async (c) => {
      const { rows } = await db.query<{ content: unknown }>('SELECT content FROM cms_blocks WHERE key = $1', [
        key,
      ]);
      if (!rows[0]) throw new HttpProblem(404, SERVER_MESSAGES.notFound);
      return c.json(schema.parse(rows[0].content) as object);
    });
  }

  routes.post('/get-in-touch/', limiter.perClient('contactClient'), jsonBodyLimit(), async (c) => {
    const form = await readJsonFields(c, GET_IN_TOUCH_FIELDS);
    checkForm(getInTouchFormSchema, form, GET_IN_TOUCH_FIELDS);
    await db.query(
      'INSERT INTO contact_messages (full_name, email, subject, description) VALUES ($1, $2, $3, $4)',
      [form.full_name.trim(), form.email.trim(), form.subject.trim(), form.description.trim()],
    );
    return c.json({ success: true, message: PUBLIC_MESSAGES.contactSent }, 201);
  });

  routes.post('/request-course/', limiter.perClient('courseRequestClient'), jsonBodyLimit(), async (c) => {
    const form = await readJsonFields(c, COURSE_REQUEST_FIELDS);
    checkForm(courseRequestFormSchema, form, COURSE_REQUEST_FIELDS);
    await db.query('INSERT INTO course_requests (full_name, email, description) VALUES ($1, $2, $3)', [
      form.full_name.trim(),
      form.email.trim(),
      form.description.trim(),
    ]);
    return c.json({ success: true, message: PUBLIC_MESSAGES.courseRequested }, 201);
  });

  routes.get('/report-an-issues/', signedIn, async (c) => {
    const user = c.get('user');
    const { page, limit, offset } = pageRequest(c);
    const [{ rows }, counted] = await Promise.all([
      db.query(
        `SELECT ${ISSUE_COLUMNS} FROM issue_reports WHERE user_id = $1 ORDER BY id DESC LIMIT $2 OFFSET $3`,
        [user.id, limit, offset],
      ),
      db.query<{ count: number }>('SELECT count(*)::int AS count FROM issue_reports WHERE user_id = $1', [
        user.id,
      ]),
    ]);
    return c.json(issuePageSchema.parse({ count: counted.rows[0]?.count ?? 0, page, limit, results: rows }));
  });

  routes.post('/report-an-issues/', signedIn, issueLimit, jsonBodyLimit(), async (c) => {
    const user = c.get('user');
    const form = await readJsonFields(c, ISSUE_REPORT_FIELDS);
    checkForm(issueReportFormSchema, form, ISSUE_REPORT_FIELDS);
    const { rows } = await db.query(
      `INSERT INTO issue_reports (user_id, name, subject, description) VALUES ($1, $2, $3, $4)
       RETURNING ${ISSUE_COLUMNS}`,
      [user.id, form.name.trim(), form.subject.trim(), form.description.trim()],
    );
    return c.json(issueSchema.parse(rows[0]), 201);
  });

  routes.get('/report-an-issues/:id/', signedIn, async (c) => {
    const { rows } = await db.query(
      `SELECT ${ISSUE_COLUMNS} FROM issue_reports WHERE id = $1 AND user_id = $2`,
      [idParam(c), c.get('user').id],
    );
    if (!rows[0]) throw new HttpProblem(404, SERVER_MESSAGES.notFound);
    return c.json(issueSchema.parse(rows[0]));
  });

  return routes;
}
