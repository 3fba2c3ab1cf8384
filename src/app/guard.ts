import type { Access } from './routes';

export type GuardDecision = { kind: 'render' } | { kind: 'redirect'; to: string };

const RENDER: GuardDecision = { kind: 'render' };
const HOME: GuardDecision = { kind: 'redirect', to: '/' };

/** The spec's guard checks only signed in or not (signed in = a token AND a role). */
export function decideAccess(access: Access, signedIn: boolean): GuardDecision {
  if (access === 'protected') return signedIn ? RENDER : HOME;
  if (access === 'guest') return signedIn ? HOME : RENDER;
  return RENDER;
}
