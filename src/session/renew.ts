import type { sessionMachine } from '@machines/session.machine';
import { type ActorRefFrom, waitFor } from 'xstate';

/**
 * How a renewal ended: new tokens; the same ones (the refresh failed, say offline, without ending the
 * session); or the session ended (the refresh was refused, or nobody was signed in).
 */
export type Renewal = 'renewed' | 'unchanged' | 'signedOut';

/**
 * Asks the session for new tokens and waits for the outcome. Callers that ask while a refresh is
 * already running wait for that one: the session machine starts one refresh at a time.
 */
export async function renewSession(session: ActorRefFrom<typeof sessionMachine>): Promise<Renewal> {
  const before = session.getSnapshot().context.session?.accessToken ?? null;
  session.send({ type: 'session.refresh' });
  const settled = await waitFor(session, (state) => !state.matches({ signedIn: 'refreshing' }));
  if (!settled.matches('signedIn')) return 'signedOut';
  const after = settled.context.session?.accessToken ?? null;
  return after !== null && after !== before ? 'renewed' : 'unchanged';
}
