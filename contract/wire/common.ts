import * as z from 'zod/mini';

/** Roles the API knows: ADMIN is the centre's staff, who sign in with a second factor. */
export const roleSchema = z.enum(['TRAINEE', 'TRAINER', 'ADMIN']);
export type Role = z.infer<typeof roleSchema>;

/** Error bodies the API may send (spec section 3 and 8). */
export const errorBodySchema = z.looseObject({
  detail: z.optional(z.string()),
  error: z.optional(z.string()),
  message: z.optional(z.string()),
  details: z.optional(z.array(z.looseObject({ message: z.string() }))),
});

/** A page of a list: `page` is 1-based, `count` the number of items on all pages. */
export function pagedSchema<T extends z.ZodMiniType>(item: T) {
  return z.object({
    count: z.number(),
    page: z.number(),
    limit: z.number(),
    results: z.array(item),
  });
}
export interface Paged<T> {
  count: number;
  page: number;
  limit: number;
  results: T[];
}

/** Page options of a list call; the server's defaults apply when absent. */
export interface PageQuery {
  page?: number;
  limit?: number;
}

/** A confirmation: `message` is a sentence to show (spec section 8's success toasts). */
export const confirmationSchema = z.object({
  success: z.boolean(),
  message: z.string(),
});
export type Confirmation = z.infer<typeof confirmationSchema>;
