import * as z from 'zod/mini';
import { roleSchema } from './common';

export const loginRequestSchema = z.object({
  username: z.string(),
  password: z.string(),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const userSchema = z.object({
  id: z.int(),
  full_name: z.string(),
  email: z.string(),
  phone_number: z.nullable(z.string()),
  role: roleSchema,
  image: z.nullable(z.string()),
});
export type User = z.infer<typeof userSchema>;

export const loginResponseSchema = z.object({
  success: z.boolean(),
  access_token: z.string().check(z.minLength(1)),
  refresh_token: z.string().check(z.minLength(1)),
  data: userSchema,
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const refreshRequestSchema = z.object({ refresh_token: z.string().check(z.minLength(1)) });
export type RefreshRequest = z.infer<typeof refreshRequestSchema>;

export const refreshResponseSchema = z.object({
  access_token: z.string().check(z.minLength(1)),
  refresh_token: z.string().check(z.minLength(1)),
});
export type RefreshResponse = z.infer<typeof refreshResponseSchema>;
