import { type CategoryForm, categoryFormSchema } from '@contract/forms/staff';
import { SERVER_MESSAGES } from '@contract/messages/server-messages';
import { STAFF_MESSAGES, type StaffMessage } from '@contract/messages/staff';
import {
  categoryMoveRequestSchema,
  type StaffCategory,
  staffCategoriesResponseSchema,
} from '@contract/wire/staff-categories';
import { type Context, Hono } from 'hono';
import { requireAuth, requireRole } from '../auth/middleware';
import type { Db, Queryable } from '../db';
import type { Deps } from '../deps';
import { type AppEnv, HttpProblem } from '../http';
import type { Mounts } from '../mounts';
import { jsonBody, jsonForm, validId } from '../validation';
import { recordAudit, type StaffActor, webActorOf } from './audit';

/** The colour a new category is drawn in (the seeded ones have their own). */
const NEW_CATEGORY_COLOUR = '#2563eb';

/** Every category in its order, hidden ones too, with the courses each holds. */
export async function staffCategories(db: Queryable): Promise<StaffCategory[]> {
  const { rows } = await db.query<StaffCategory>(
    `SELECT k.id, k.name, k.name_ar, row_number() OVER (ORDER BY k.position, k.id)::int AS position,
            k.hidden_at IS NOT NULL AS hidden,
            (SELECT count(*)::int FROM courses c WHERE c.category_id = k.id) AS courses
     FROM course_categories k ORDER BY k.position, k.id`,
  );
  return rows;
}

async function lockedCategory(tx: Queryable, id: number): Promise<StaffCategory> {
  const found = (await staffCategories(tx)).find((category) => category.id === id);
  if (!found) throw new HttpProblem(404, SERVER_MESSAGES.notFound);
  return found;
}

/** Refuses a name another category has (in either language, ignoring case and spaces around). */
async function refuseTakenName(tx: Queryable, form: CategoryForm, except: number | null): Promise<void> {
  const { rows } = await tx.query<{ name: string; name_ar: string }>(
    `SELECT name, name_ar FROM course_categories
     WHERE id IS DISTINCT FROM $3 AND (lower(trim(name)) = lower($1) OR trim(name_ar) = $2)`,
    [form.name.trim(), form.name_ar.trim(), except],
  );
  const taken = rows[0];
  if (!taken) return;
  const field = taken.name.trim().toLowerCase() === form.name.trim().toLowerCase() ? 'name' : 'name_ar';
  throw new HttpProblem(409, { field, message: STAFF_MESSAGES.categoryNameTaken });
}

/** A slug of the English name no other category has. */
async function freeSlug(tx: Queryable, name: string): Promise<string> {
  const base =
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'category';
  const { rows } = await tx.query<{ slug: string }>(
    `SELECT slug FROM course_categories WHERE slug = $1 OR slug LIKE $1 || '-%'`,
    [base],
  );
  const used = new Set(rows.map((row) => row.slug));
  let slug = base;
  for (let n = 2; used.has(slug); n += 1) slug = `${base}-${n}`;
  return slug;
}

/**
 * The changes the staff make, each in one transaction with its audit record; each answers the list
 * after it. Categories are taken in turn (the table is locked for writing), so that two staff
 * moving at once never give two categories one place.
 */
export const categoryChanges = {
  async create(db: Db, actor: StaffActor, form: CategoryForm): Promise<StaffCategory[]> {
    return db.transaction(async (tx) => {
      await tx.query('LOCK TABLE course_categories IN SHARE ROW EXCLUSIVE MODE');
      await refuseTakenName(tx, form, null);
      const { rows } = await tx.query<{ id: number }>(
        `INSERT INTO course_categories (slug, name, name_ar, colour, position)
         VALUES ($1, $2, $3, $4, (SELECT coalesce(max(position), 0) + 1 FROM course_categories))
         RETURNING id`,
        [await freeSlug(tx, form.name), form.name.trim(), form.name_ar.trim(), NEW_CATEGORY_COLOUR],
      );
      const id = rows[0]?.id ?? 0;
      await recordAudit(tx, actor, {
        action: 'category.create',
        subject: { kind: 'category', id, label: form.name.trim() },
        after: { name: form.name.trim(), name_ar: form.name_ar.trim() },
      });
      return staffCategories(tx);
    });
  },

  async rename(db: Db, actor: StaffActor, id: number, form: CategoryForm): Promise<StaffCategory[]> {
    return db.transaction(async (tx) => {
      await tx.query('LOCK TABLE course_categories IN SHARE ROW EXCLUSIVE MODE');
      const before = await lockedCategory(tx, id);
      await refuseTakenName(tx, form, id);
      await tx.query('UPDATE course_categories SET name = $2, name_ar = $3 WHERE id = $1', [
        id,
        form.name.trim(),
        form.name_ar.trim(),
      ]);
      await recordAudit(tx, actor, {
        action: 'category.rename',
        subject: { kind: 'category', id, label: form.name.trim() },
        before: { name: before.name, name_ar: before.name_ar },
        after: { name: form.name.trim(), name_ar: form.name_ar.trim() },
      });
      return staffCategories(tx);
    });
  },

  /** One place up or down; at either end the order stays as it is. */
  async move(db: Db, actor: StaffActor, id: number, direction: 'up' | 'down'): Promise<StaffCategory[]> {
    return db.transaction(async (tx) => {
      await tx.query('LOCK TABLE course_categories IN SHARE ROW EXCLUSIVE MODE');
      const list = await staffCategories(tx);
      const from = list.findIndex((category) => category.id === id);
      if (from < 0) throw new HttpProblem(404, SERVER_MESSAGES.notFound);
      const to = direction === 'up' ? from - 1 : from + 1;
      const moved = list[from] as StaffCategory;
      if (to < 0 || to >= list.length) return list;
      const order = list.map((category) => category.id);
      order.splice(from, 1);
      order.splice(to, 0, id);
      // Every position written again, 1 to n: the seeded ones may share a position.
      await tx.query(
        `UPDATE course_categories k SET position = o.position
         FROM unnest($1::int[]) WITH ORDINALITY AS o(id, position) WHERE k.id = o.id`,
        [order],
      );
      await recordAudit(tx, actor, {
        action: 'category.move',
        subject: { kind: 'category', id, label: moved.name },
        before: { position: from + 1 },
        after: { position: to + 1 },
      });
      return staffCategories(tx);
    });
  },

  async setHidden(db: Db, actor: StaffActor, id: number, hidden: boolean): Promise<StaffCategory[]> {
    return db.transaction(async (tx) => {
      const before = await lockedCategory(tx, id);
      if (before.hidden === hidden) return staffCategories(tx);
      await tx.query(`UPDATE course_categories SET hidden_at = CASE WHEN $2 THEN now() END WHERE id = $1`, [
        id,
        hidden,
      ]);
      await recordAudit(tx, actor, {
        action: hidden ? 'category.hide' : 'category.show',
        subject: { kind: 'category', id, label: before.name },
        before: { hidden: before.hidden },
        after: { hidden },
      });
      return staffCategories(tx);
    });
  },

  /** Only an empty category: one that holds a course (of any status) is refused with why. */
  async remove(db: Db, actor: StaffActor, id: number): Promise<StaffCategory[]> {
    return db.transaction(async (tx) => {
      await tx.query('LOCK TABLE course_categories IN SHARE ROW EXCLUSIVE MODE');
      const before = await lockedCategory(tx, id);
      if (before.courses > 0) throw new HttpProblem(409, STAFF_MESSAGES.categoryHoldsCourses);
      await tx.query('DELETE FROM course_categories WHERE id = $1', [id]);
      await recordAudit(tx, actor, {
        action: 'category.delete',
        subject: { kind: 'category', id, label: before.name },
        before: { name: before.name, name_ar: before.name_ar },
      });
      return staffCategories(tx);
    });
  },
};

/**
 * /staff/categories/: the list; POST a new one; PATCH …/:id/ its names; POST …/:id/move/,
 * …/:id/hide/ and …/:id/show/; DELETE …/:id/. The centre's staff only. A change reaches the
 * catalogue at once (the catalogue's version rises with the table: migration 009).
 */
export function categoryRoutes({ db, tokens }: Deps): Mounts {
  const staff = [requireAuth(db, tokens), requireRole('ADMIN')] as const;
  const answer = (
    c: Context<AppEnv>,
    data: StaffCategory[],
    message?: StaffMessage,
    status: 200 | 201 = 200,
  ) => c.json(staffCategoriesResponseSchema.parse({ success: true, message, data }), status);

  const routes = new Hono<AppEnv>();
  routes.get('/', ...staff, async (c) => answer(c, await staffCategories(db)));
  routes.post('/', ...staff, jsonForm(categoryFormSchema, ['name', 'name_ar']), async (c) =>
    answer(
      c,
      await categoryChanges.create(db, webActorOf(c), c.req.valid('json')),
      STAFF_MESSAGES.categoryAdded,
      201,
    ),
  );
  routes.patch('/:id/', ...staff, validId(), jsonForm(categoryFormSchema, ['name', 'name_ar']), async (c) =>
    answer(
      c,
      await categoryChanges.rename(db, webActorOf(c), c.req.valid('param').id, c.req.valid('json')),
      STAFF_MESSAGES.categoryRenamed,
    ),
  );
  routes.post(
    '/:id/move/',
    ...staff,
    validId(),
    jsonBody(categoryMoveRequestSchema, STAFF_MESSAGES.categoryMoveInvalid),
    async (c) =>
      answer(
        c,
        await categoryChanges.move(db, webActorOf(c), c.req.valid('param').id, c.req.valid('json').direction),
      ),
  );
  for (const hidden of [true, false]) {
    routes.post(`/:id/${hidden ? 'hide' : 'show'}/`, ...staff, validId(), async (c) =>
      answer(
        c,
        await categoryChanges.setHidden(db, webActorOf(c), c.req.valid('param').id, hidden),
        hidden ? STAFF_MESSAGES.categoryHidden : STAFF_MESSAGES.categoryShown,
      ),
    );
  }
  routes.delete('/:id/', ...staff, validId(), async (c) =>
    answer(
      c,
      await categoryChanges.remove(db, webActorOf(c), c.req.valid('param').id),
      STAFF_MESSAGES.categoryDeleted,
    ),
  );
  return [['/staff/categories/', routes]];
}
