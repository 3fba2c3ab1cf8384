import type {
  SessionData,
  SessionProfile,
  SessionRole,
  StoredSession,
  TokenPair,
} from '@machines/session.machine';
import { LANGUAGE_STORAGE_KEY } from '@/i18n/languages';

/** Spec section 9: cookie names; spec section 4: path /. */
export const COOKIE = { access: 'access-token', refresh: 'refresh-token', role: 'role' } as const;
export const PROFILE_KEY = 'profile';
export const ROLE_KEY = 'role';

function readCookie(name: string): string | undefined {
  const prefix = `${name}=`;
  const found = document.cookie.split('; ').find((part) => part.startsWith(prefix));
  return found ? decodeURIComponent(found.slice(prefix.length)) : undefined;
}

function writeCookie(name: string, value: string): void {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every supported browser
  document.cookie = `${name}=${encodeURIComponent(value)}; Path=/; SameSite=Lax${secure}`;
}

function deleteCookie(name: string): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every supported browser
  document.cookie = `${name}=; Path=/; Max-Age=0; SameSite=Lax`;
}

function asRole(value: string | undefined | null): SessionRole | undefined {
  return value === 'TRAINEE' || value === 'TRAINER' || value === 'ADMIN' ? value : undefined;
}

function readProfile(): SessionProfile | null {
  try {
    const raw = localStorage.getItem(PROFILE_KEY);
    return raw ? (JSON.parse(raw) as SessionProfile) : null;
  } catch {
    return null;
  }
}

export function readStoredSession(): StoredSession {
  return {
    accessToken: readCookie(COOKIE.access),
    refreshToken: readCookie(COOKIE.refresh),
    role: asRole(readCookie(COOKIE.role)) ?? asRole(localStorage.getItem(ROLE_KEY)),
    profile: readProfile(),
  };
}

/** The tokens as the cookies hold them now: every tab of the browser shares them. */
export function readStoredTokens(): Partial<TokenPair> {
  return { accessToken: readCookie(COOKIE.access), refreshToken: readCookie(COOKIE.refresh) };
}

/** Stores renewed tokens at once, so that another tab that renews next finds them. */
export function persistTokens(tokens: TokenPair): void {
  writeCookie(COOKIE.access, tokens.accessToken);
  writeCookie(COOKIE.refresh, tokens.refreshToken);
}

export function persistSession(session: SessionData | null): void {
  if (!session) return;
  writeCookie(COOKIE.access, session.accessToken);
  writeCookie(COOKIE.refresh, session.refreshToken);
  writeCookie(COOKIE.role, session.role);
  localStorage.setItem(ROLE_KEY, session.role);
  if (session.profile) localStorage.setItem(PROFILE_KEY, JSON.stringify(session.profile));
}

/** Clears all local storage except the language, and the token and role cookies. */
export function clearStoredSession(): void {
  const language = localStorage.getItem(LANGUAGE_STORAGE_KEY);
  localStorage.clear();
  if (language) localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  for (const name of Object.values(COOKIE)) deleteCookie(name);
}
