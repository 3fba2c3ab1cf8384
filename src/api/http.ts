import { takeEarly } from '@/early/early-data';
import { type AuthBridge, createApiClient, DEFAULT_API_BASE } from './client';

const signedOutBridge: AuthBridge = {
  getAccessToken: () => null,
  refresh: () => Promise.reject(new Error('not signed in')),
};

let bridge: AuthBridge = signedOutBridge;

/** The session connects itself here at start-up; the client stays free of session code. */
export function connectAuth(next: AuthBridge): void {
  bridge = next;
}

/** The API's base address: `/api/v1` unless VITE_API_BASE says otherwise. */
export const API_BASE_URL: string = import.meta.env.VITE_API_BASE ?? DEFAULT_API_BASE;

/** The application's API client, on API_BASE_URL. */
export const api = createApiClient(
  { baseURL: API_BASE_URL, early: (address) => takeEarly(address) },
  {
    getAccessToken: () => bridge.getAccessToken(),
    refresh: () => bridge.refresh(),
  },
);
