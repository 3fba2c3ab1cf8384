import type { ApiClient } from './client';
import {
  type LoginRequest,
  type LoginResponse,
  loginResponseSchema,
  type RefreshResponse,
  refreshResponseSchema,
} from './schemas/auth';

export const LOGIN_FAILURE = 'Could not logged in at this time. Try again';

/** POST /user/login/ */
export function login(api: ApiClient, body: LoginRequest): Promise<LoginResponse> {
  return api.public(loginResponseSchema, '/user/login/', { method: 'POST', body, fallback: LOGIN_FAILURE });
}

/** POST /user/refresh-token/ */
export function refreshToken(api: ApiClient, refresh_token: string): Promise<RefreshResponse> {
  return api.public(refreshResponseSchema, '/user/refresh-token/', {
    method: 'POST',
    body: { refresh_token },
  });
}
