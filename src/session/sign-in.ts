import type { User } from '@contract/wire/auth';
import type { SessionData } from '@machines/session.machine';
import { useEffect, useRef } from 'react';
import { dialogStore } from '@/stores/dialogs';
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

/** Keeps the course id: the next sign-in comes back to that course's attendance page. */
export function rememberCourseId(courseId: string): void {
  localStorage.setItem(COURSE_ID_KEY, courseId);
}

export function forgetCourseId(): void {
  localStorage.removeItem(COURSE_ID_KEY);
}

/**
 * Calls `listener` when the identity dialogs close while nobody is signed in: the visitor gave up
 * signing in, and what they were asked to sign in for is dropped. Closing after a sign-in does not
 * count (the session is signed in before the dialog closes). Returns the unsubscribe function.
 */
export function onSignInDismissed(listener: () => void): () => void {
  let open = dialogStore.getSnapshot().context.open;
  const subscription = dialogStore.subscribe((snapshot) => {
    const wasOpen = open;
    open = snapshot.context.open;
    if (wasOpen && !open && !sessionActor.getSnapshot().matches('signedIn')) listener();
  });
  return () => subscription.unsubscribe();
}

/** `onSignInDismissed` for a component's lifetime. */
export function useSignInDismissed(listener: () => void): void {
  const latest = useRef(listener);
  latest.current = listener;
  useEffect(() => onSignInDismissed(() => latest.current()), []);
}
