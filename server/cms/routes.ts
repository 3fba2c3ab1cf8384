import {
  COURSE_REQUEST_FIELDS,
  courseRequestFormSchema,
  GET_IN_TOUCH_FIELDS,
  getInTouchFormSchema,
  ISSUE_REPORT_FIELDS,
  issueReportFormSchema,
} from '@contract/forms/public';
import { PUBLIC_MESSAGES } from '@contract/messages/public';
import { SERVER_MESSAGES } from '@contract/messages/server-messages';
import { centreDetailsSchema } from '@contract/wire/cms';
import { issuePageSchema, issueSchema } from '@contract/wire/issues';
import { Hono } from 'hono';
import { requireAuth } from '../auth/middleware';
import type { Deps } from '../deps';
import { type AppEnv, HttpProblem } from '../http';
import type { Mounts } from '../mounts';
import { pageQuery } from '../paging';
import { jsonForm, validId } from '../validation';
import { CMS_BLOCK_SCHEMAS } from './blocks';
import {
  createIssue,
  findBlock,
  findCentreDetails,
  findIssue,
  issuePage,
  saveContactMessage,
  saveCourseRequest,
} from './queries';

/** The value, or 404 when there is none. */
function found<T>(value: T | undefined): T {
  if (value === undefined) throw new HttpProblem(404, SERVER_MESSAGES.notFound);
  return value;
}

/** /cms/…: public content blocks, the contact and course-request forms, and issue reports. */
export function cmsRoutes({ db, tokens, limiter }: Deps): Mounts {
  const routes = new Hono<AppEnv>();
  const signedIn = requireAuth(db, tokens);

  routes.get('/king-fahad-details/', async (c) =>
    c.json(centreDetailsSchema.parse(found(await findCentreDetails(db)))),
  );

  for (const [key, schema] of Object.entries(CMS_BLOCK_SCHEMAS)) {
    routes.get(`/${key}/`, async (c) => c.json(schema.parse(found(await findBlock(db, key)))));
  }

  routes.post(
    '/get-in-touch/',
    limiter.perClient('contactClient'),
    jsonForm(getInTouchFormSchema, GET_IN_TOUCH_FIELDS),
    async (c) => {
      await saveContactMessage(db, c.req.valid('json'));
      return c.json({ success: true, message: PUBLIC_MESSAGES.contactSent }, 201);
    },
  );

  routes.post(
    '/request-course/',
    limiter.perClient('courseRequestClient'),
    jsonForm(courseRequestFormSchema, COURSE_REQUEST_FIELDS),
    async (c) => {
      await saveCourseRequest(db, c.req.valid('json'));
      return c.json({ success: true, message: PUBLIC_MESSAGES.courseRequested }, 201);
    },
  );

  routes.get('/report-an-issues/', signedIn, pageQuery(), async (c) =>
    c.json(issuePageSchema.parse(await issuePage(db, c.get('user').id, c.req.valid('query')))),
  );

  routes.post(
    '/report-an-issues/',
    signedIn,
    limiter.perClient('issueReportClient'),
    jsonForm(issueReportFormSchema, ISSUE_REPORT_FIELDS),
    async (c) => {
      const issue = await createIssue(db, c.get('user').id, c.req.valid('json'));
      return c.json(issueSchema.parse(issue), 201);
    },
  );

  routes.get('/report-an-issues/:id/', signedIn, validId(), async (c) =>
    c.json(issueSchema.parse(found(await findIssue(db, c.get('user').id, c.req.valid('param').id)))),
  );

  return [['/cms/', routes]];
}
