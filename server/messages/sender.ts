import { randomBytes } from 'node:crypto';
import type { Db } from '../db';
import { describeError } from '../http';
import { type Channel, type ClaimedMessage, claimDue, markFailed, markRetry, markSent } from './outbox';
import { DeliveryError, type Transport } from './transport';

export interface SenderOptions {
  db: Db;
  /** One transport per channel; a channel without one is left queued. */
  transports: readonly Transport[];
  /** This instance's name in the rows it claims; random when absent. */
  instance?: string | undefined;
  /** How long an idle sender waits before looking again (a queued message is also sent on `wake`). */
  pollMs?: number | undefined;
  /** How long a claimed message is this sender's: past it, another takes it again. */
  leaseMs?: number | undefined;
  /** Messages claimed at once, and sent side by side. */
  batch?: number | undefined;
  concurrency?: number | undefined;
  /** Tries of a message before it is failed for good. */
  maxAttempts?: number | undefined;
  /** The wait before the second try; it doubles each time, up to `retryMaxMs`. */
  retryBaseMs?: number | undefined;
  retryMaxMs?: number | undefined;
  /** Where one line per failure goes (never the message's content). */
  log?: ((line: string) => void) | undefined;
}

export interface Sender {
  /** Looks for due messages now (after a transaction that queued one committed). */
  wake(): void;
  /** Resolves once nothing due is left (for tests and the benchmark). */
  drain(): Promise<void>;
  /** Stops looking, and waits for the messages being sent. */
  stop(): Promise<void>;
}

export const SENDER_DEFAULTS = {
  pollMs: 1000,
  leaseMs: 60_000,
  batch: 20,
  concurrency: 4,
  maxAttempts: 8,
  retryBaseMs: 30_000,
  retryMaxMs: 60 * 60_000,
} as const;

/** When the try after `attempts` tries is due: base·2^(attempts−1), at most max, ±10 %. */
export function retryDelayMs(attempts: number, baseMs: number, maxMs: number, random = Math.random): number {
  const delay = Math.min(baseMs * 2 ** Math.max(0, attempts - 1), maxMs);
  return Math.round(delay * (0.9 + 0.2 * random()));
}

/**
 * Delivers the outbox: claims due rows (FOR UPDATE SKIP LOCKED, with a lease), sends each through
 * its channel's transport, and records the outcome. Temporary failures are tried again with
 * exponential backoff up to `maxAttempts`; permanent ones, and messages whose code expired, are
 * failed with the reason. Instances on one database share the work without sending a row twice.
 */
export function startSender(options: SenderOptions): Sender {
  const settings = { ...SENDER_DEFAULTS, ...definedOnly(options) };
  const instance = options.instance ?? `sender-${randomBytes(6).toString('hex')}`;
  const log = options.log ?? ((line: string) => console.error(line));
  const transports = new Map<Channel, Transport>(options.transports.map((t) => [t.channel, t]));
  const channels = [...transports.keys()];
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  let again = false;
  const drainWaiters: (() => void)[] = [];

  async function deliver(message: ClaimedMessage): Promise<void> {
    const transport = transports.get(message.channel);
    if (!transport) return;
    if (message.expires_at && new Date(message.expires_at).getTime() <= Date.now()) {
      await markFailed(options.db, message.id, instance, 'expired before it could be sent');
      return;
    }
    try {
      const delivery = await transport.send(message);
      await markSent(options.db, message.id, instance, delivery);
    } catch (error) {
      const permanent = error instanceof DeliveryError && error.permanent;
      const reason = describeError(error);
      if (permanent) {
        await markFailed(options.db, message.id, instance, reason);
        log(`message ${message.id} (${message.channel}, ${message.kind}) failed: ${reason}`);
      } else if (message.attempts >= settings.maxAttempts) {
        await markFailed(
          options.db,
          message.id,
          instance,
          `gave up after ${message.attempts} tries: ${reason}`,
        );
        log(`message ${message.id} (${message.channel}, ${message.kind}) given up: ${reason}`);
      } else {
        const delay = retryDelayMs(message.attempts, settings.retryBaseMs, settings.retryMaxMs);
        await markRetry(options.db, message.id, instance, new Date(Date.now() + delay), reason);
        log(`message ${message.id} (${message.channel}, ${message.kind}) will be tried again: ${reason}`);
      }
    }
  }

  /** Claims and sends batches until none is full; answers whether any row was claimed. */
  async function round(): Promise<void> {
    for (;;) {
      const claimed = await claimDue(options.db, {
        instance,
        limit: settings.batch,
        leaseMs: settings.leaseMs,
        channels,
      });
      const queue = [...claimed];
      const workers = Array.from({ length: Math.min(settings.concurrency, queue.length) }, async () => {
        for (let next = queue.shift(); next; next = queue.shift())
          await deliver(next).catch((error: unknown) =>
            log(`sending message ${next?.id} failed: ${describeError(error)}`),
          );
      });
      await Promise.all(workers);
      if (claimed.length < settings.batch || stopped) return;
    }
  }

  function schedule(delay: number): void {
    clearTimeout(timer);
    if (stopped) return;
    timer = setTimeout(run, delay);
    timer.unref();
  }

  function run(): void {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = round()
      .catch((error: unknown) => log(`the outbox could not be read: ${describeError(error)}`))
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          run();
          return;
        }
        for (const resolve of drainWaiters.splice(0)) resolve();
        schedule(settings.pollMs);
      });
  }

  run();
  return {
    wake: run,
    drain: () =>
      new Promise<void>((resolve) => {
        drainWaiters.push(resolve);
        run();
      }),
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
      for (const resolve of drainWaiters.splice(0)) resolve();
    },
  };
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
