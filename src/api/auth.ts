import {
  type LogoutResponse,
  logoutResponseSchema,
  type RefreshResponse,
  refreshResponseSchema,
} from '@contract/wire/auth';
import type { ApiClient } from './client';

/**
 * The session's calls, which every page may make (token refresh, sign-out). The sign-in, sign-up
 * and password-reset calls are in ./identity.ts, loaded with their dialogs.
 */
/** POST /user/refresh-token/ */
export function refreshToken(api: ApiClient, refresh_token: string): Promise<RefreshResponse> {
  return api.public(refreshResponseSchema, '/user/refresh-token/', {
    method: 'POST',
    body: { refresh_token },
  });
}

/**
 * POST /user/logout/ (not in the spec): the server ends the session of this refresh token, so a
 * copy of it left behind cannot be exchanged. Answers the same for a token that is no longer live.
 */
export function logout(api: ApiClient, refresh_token: string): Promise<LogoutResponse> {
  return api.public(logoutResponseSchema, '/user/logout/', { method: 'POST', body: { refresh_token } });
}
