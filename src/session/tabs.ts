/**
 * Messages between the tabs of the browser about the session they share: a tab that signs in or
 * out tells the others, which follow at once instead of at their next call.
 */

/** The BroadcastChannel name the app's tabs share. */
export const SESSION_CHANNEL = 'kfu-session';

/** `profileChanged`: the stored profile is new (the other tabs read it again, as after a sign-in). */
export type TabMessage = { type: 'signedIn' } | { type: 'signedOut' } | { type: 'profileChanged' };

export interface TabChannel {
  post(message: TabMessage): void;
}

function isTabMessage(data: unknown): data is TabMessage {
  const type = (data as { type?: unknown } | null)?.type;
  return type === 'signedIn' || type === 'signedOut' || type === 'profileChanged';
}

/**
 * Listens to the other tabs; messages posted reach every other tab of this origin, never this
 * one. Without BroadcastChannel (old browsers) each tab learns at its next call instead.
 */
export function openTabChannel(
  onMessage: (message: TabMessage) => void,
  Channel: typeof BroadcastChannel | undefined = globalThis.BroadcastChannel,
): TabChannel {
  if (!Channel) return { post() {} };
  const channel = new Channel(SESSION_CHANNEL);
  channel.addEventListener('message', (event: MessageEvent<unknown>) => {
    if (isTabMessage(event.data)) onMessage(event.data);
  });
  return {
    post(message) {
      channel.postMessage(message);
    },
  };
}

/** How often, and how far apart, a tab reads the session another tab said it stored. */
export const OTHER_TAB_READS = 20;
export const OTHER_TAB_READ_GAP_MS = 50;

/**
 * Reads what another tab stored until it is all there: a browser may bring another tab's cookie
 * writes to this tab a moment after that tab's message. Gives the last reading after `attempts`.
 */
export async function readUntilComplete<T>(
  read: () => T,
  complete: (value: T) => boolean,
  attempts = OTHER_TAB_READS,
  gapMs = OTHER_TAB_READ_GAP_MS,
): Promise<T> {
  let value = read();
  for (let attempt = 1; attempt < attempts && !complete(value); attempt++) {
    await new Promise((resolve) => setTimeout(resolve, gapMs));
    value = read();
  }
  return value;
}

/** What this tab does when another signs out, or signs in (or changes the profile). */
export interface OtherTabs<T> {
  signedOut(): void;
  /** With the session as stored, read again until complete (see readUntilComplete). */
  signedIn(stored: T): void;
}

/**
 * The listener of the tabs channel: a sign-out is followed at once; a sign-in once its session is
 * read, unless a newer message came meanwhile (a sign-out then wins over the sign-in before it).
 */
export function followOtherTabs<T>(
  read: () => T,
  complete: (value: T) => boolean,
  on: OtherTabs<T>,
  attempts = OTHER_TAB_READS,
  gapMs = OTHER_TAB_READ_GAP_MS,
): (message: TabMessage) => void {
  let latest = 0;
  return (message) => {
    const mine = ++latest;
    if (message.type === 'signedOut') {
      on.signedOut();
      return;
    }
    void readUntilComplete(read, complete, attempts, gapMs).then((stored) => {
      if (mine === latest) on.signedIn(stored);
    });
  };
}
