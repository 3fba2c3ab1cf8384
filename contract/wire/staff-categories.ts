import type { CategoryForm } from '@contract/forms/staff';
import * as z from 'zod/mini';

/**
 * The course categories as the centre's staff manage them (not in the spec), under
 * /api/v1/staff/categories/: every category in its order, hidden ones too, with how many courses
 * each holds. Pinned in the pact of provider kfu-training-api-admin. Visitors and trainers read the
 * shown ones at GET /course/category/ (wire/courses.ts).
 */
export const staffCategorySchema = z.object({
  id: z.int(),
  name: z.string(),
  name_ar: z.string(),
  /** 1 for the first; the catalogue's and the course form's order. */
  position: z.int(),
  /** Hidden: the catalogue does not offer it and a course cannot choose it; its courses stay. */
  hidden: z.boolean(),
  /** Courses of any status in it: a category that holds one cannot be deleted. */
  courses: z.int(),
});
export type StaffCategory = z.infer<typeof staffCategorySchema>;

/** GET /staff/categories/, and what every change answers: the list after it. */
export const staffCategoriesResponseSchema = z.object({
  success: z.literal(true),
  message: z.optional(z.string()),
  data: z.array(staffCategorySchema),
});
export type StaffCategoriesResponse = z.infer<typeof staffCategoriesResponseSchema>;

/** POST …/:id/move/ */
export const categoryMoveRequestSchema = z.object({ direction: z.enum(['up', 'down']) });
export type CategoryMoveRequest = z.infer<typeof categoryMoveRequestSchema>;

/** One change the staff make: each is one call, answered with the list after it. */
export type CategoryChange =
  | { kind: 'add'; form: CategoryForm }
  | { kind: 'rename'; id: number; form: CategoryForm }
  | { kind: 'move'; id: number; direction: CategoryMoveRequest['direction'] }
  | { kind: 'hide' | 'show' | 'delete'; id: number };
