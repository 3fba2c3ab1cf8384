import { roleSchema } from '@contract/wire/common';
import * as z from 'zod/mini';

export const userSchema = z.object({
  id: z.int(),
  full_name: z.string(),
  email: z.string(),
  phone_number: z.nullable(z.string()),
  role: roleSchema,
  image: z.nullable(z.string()),
});
export type User = z.infer<typeof userSchema>;

export const refreshRequestSchema = /* @__PURE__ */ z.object({
  refresh_token: z.string().check(z.minLength(1)),
});
export type RefreshRequest = z.infer<typeof refreshRequestSchema>;

export const refreshResponseSchema = z.object({
  access_token: z.string().check(z.minLength(1)),
  refresh_token: z.string().check(z.minLength(1)),
});
export type RefreshResponse = z.infer<typeof refreshResponseSchema>;

/** POST /user/logout/ (not in the spec): ends the session the refresh token belongs to. */
export const logoutRequestSchema = /* @__PURE__ */ z.object({
  refresh_token: z.string().check(z.minLength(1)),
});
export type LogoutRequest = z.infer<typeof logoutRequestSchema>;

/** The same answer whether or not the token was still live. */
export const logoutResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
});
export type LogoutResponse = z.infer<typeof logoutResponseSchema>;
