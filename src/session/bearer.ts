import { API_BASE_URL } from '@/api/http';
import type { Bearer } from '@/api/resumable';
import { accessToken, refreshTokens } from './index';

/**
 * The session as resumable uploads need it (src/api/resumable.ts): loaded with the screens that
 * upload, so a visitor's pages do not carry it.
 */
export const sessionBearer: Bearer = { baseURL: API_BASE_URL, token: accessToken, renew: refreshTokens };
