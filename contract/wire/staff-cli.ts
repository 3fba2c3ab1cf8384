import * as z from 'zod/mini';

/**
 * Personal staff tokens for `npm run admin` (not in the spec). POST /staff/cli-tokens/ (a signed-in
 * member of staff) makes one and answers it once; the tool sends it as `Authorization: Staff <token>`
 * to the /admin/ calls, so that its decisions are recorded under that person. DELETE
 * /staff/cli-tokens/current/ (with the token) revokes it.
 */
export const STAFF_TOKEN_SCHEME = 'Staff';

export const cliTokenRequestSchema = z.object({ name: z.optional(z.string().check(z.maxLength(100))) });
export type CliTokenRequest = z.infer<typeof cliTokenRequestSchema>;

export const cliTokenResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    token: z.string().check(z.minLength(20)),
    name: z.string(),
    expires_at: z.string(),
    staff: z.object({ id: z.int(), full_name: z.string(), email: z.string() }),
  }),
});
export type CliTokenResponse = z.infer<typeof cliTokenResponseSchema>;

export const cliTokenRevokedSchema = z.object({
  success: z.literal(true),
  data: z.object({ revoked: z.literal(true) }),
});
