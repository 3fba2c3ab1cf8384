import type { SessionRole } from '@machines/session.machine';
import type { AppRoute } from './routes';

export type GuardDecision =
  | { kind: 'render' }
  | { kind: 'redirect'; to: string }
  /** Signed in, but the screen is for the other role: say whom it is for. */
  | { kind: 'wrongRole'; roles: readonly SessionRole[] };

/** Who is looking: signed in means a token and a role (spec section 2). */
export interface Viewer {
  signedIn: boolean;
  role: SessionRole | null;
}

const RENDER: GuardDecision = { kind: 'render' };
const HOME: GuardDecision = { kind: 'redirect', to: '/' };

/** The spec's guard checks only signed in or not; a route's roles then pick who may open it. */
export function decideAccess(route: Pick<AppRoute, 'access' | 'roles'>, viewer: Viewer): GuardDecision {
  if (route.access === 'protected') {
    if (!viewer.signedIn) return HOME;
    if (route.roles && !(viewer.role && route.roles.includes(viewer.role))) {
      return { kind: 'wrongRole', roles: route.roles };
    }
    return RENDER;
  }
  if (route.access === 'guest') return viewer.signedIn ? HOME : RENDER;
  return RENDER;
}
