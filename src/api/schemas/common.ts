import * as z from 'zod/mini';

/** Roles the API knows. The admin never signs in to this application. */
export const roleSchema = z.enum(['TRAINEE', 'TRAINER']);
export type Role = z.infer<typeof roleSchema>;

/** Error bodies the API may send (spec section 3 and 8). */
export const errorBodySchema = z.looseObject({
  detail: z.optional(z.string()),
  error: z.optional(z.string()),
  message: z.optional(z.string()),
  details: z.optional(z.array(z.looseObject({ message: z.string() }))),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
