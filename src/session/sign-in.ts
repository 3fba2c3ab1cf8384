import type { SessionData } from '@machines/session.machine';
import type { User } from '@/contract/auth';
import { sessionActor } from './index';

/** Hands tokens from /user/login/ or /user/otp-verify/ to the session. */
export function beginSession(reply: { access_token?: string; refresh_token?: string; data?: User }): void {
  if (!reply.access_token || !reply.refresh_token || !reply.data) return;
  const session: SessionData = {
    accessToken: reply.access_token,
    refreshToken: reply.refresh_token,
    role: reply.data.role,
    profile: { full_name: reply.data.full_name, email: reply.data.email, image: reply.data.image },
  };
  sessionActor.send({ type: 'session.signIn', session });
}

/** Spec section 4: a course whose attendance the visitor came to give, kept until sign-in. */
export const COURSE_ID_KEY = 'course_id';

export function storedCourseId(): string | null {
  try {
    return localStorage.getItem(COURSE_ID_KEY);
  } catch {
    return null;
  }
}

export function forgetCourseId(): void {
  localStorage.removeItem(COURSE_ID_KEY);
}
