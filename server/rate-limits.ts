import { createHmac } from 'node:crypto';
import { SERVER_MESSAGES, type ServerMessage } from '@contract/messages/server-messages';
import { CHAT_STARTS_PER_HOUR } from '@contract/wire/chat';
import type { Context, MiddlewareHandler } from 'hono';
import { addressLimitKey, clientAddress } from './client-address';
import type { Db } from './db';
import { type AppEnv, HttpProblem, type ProblemDetail } from './http';
import { identifierQuery, normaliseEmail } from './users';

/** One limit: at most `max` hits per window of `windowSeconds`, opened by the first hit. */
export interface RateLimitRule {
  max: number;
  windowSeconds: number;
  /**
   * How long a key stays refused from its first refused hit, when that is longer than the rest of
   * the window. Only limits counted with `consume` lock.
   */
  lockSeconds?: number;
  /** The sentence of the 429 answer (the web app shows how long to wait instead, when it can). */
  message: ServerMessage;
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * Every limit of the reference server. Per account: strict, because an account is what a guesser
 * targets. Per client address: generous, because a whole campus (a class of 40 signing in at the
 * start of a lesson, several classes at once) can share one NAT address.
 */
export const RATE_LIMITS = {
  /** Sign-in attempts per submitted e-mail address, whether or not an account uses it; a successful sign-in clears them. */
  signInAccount: {
    max: 10,
    windowSeconds: 15 * MINUTE,
    lockSeconds: 15 * MINUTE,
    message: SERVER_MESSAGES.tooManyRequests,
  },
  /** Failed sign-ins per client address (successful ones are not counted). */
  signInClient: { max: 100, windowSeconds: 15 * MINUTE, message: SERVER_MESSAGES.tooManyRequests },
  /**
   * Code checks per submitted e-mail address or phone number, across every code it is sent: each
   * code allows 5 tries, and without this a new code every 5 tries gave endless guesses. A correct
   * code clears them.
   */
  codeAccount: {
    max: 10,
    windowSeconds: HOUR,
    lockSeconds: HOUR,
    message: SERVER_MESSAGES.tooManyWrongCodes,
  },
  /**
   * Passwords typed to confirm a change by a signed-in user (change password, close account), per
   * account: someone holding a stolen session must not guess the password through them. The right
   * password clears them; they are apart from sign-in, so a guesser cannot lock the owner's sign-in.
   */
  passwordConfirmAccount: {
    max: 10,
    windowSeconds: 15 * MINUTE,
    lockSeconds: 15 * MINUTE,
    message: SERVER_MESSAGES.tooManyRequests,
  },
  /**
   * Codes to one e-mail address or phone number, of every kind and by mail and text alike (sign-up,
   * a new sign-up code, password reset, e-mail change, wallet payments), counted in the database
   * across instances.
   */
  mailRecipient: { max: 5, windowSeconds: HOUR, message: SERVER_MESSAGES.tooManyRequests },
  /** Addresses one trainee invites (each gets a mail): a day's worth of a few invitations. */
  inviteAccount: { max: 20, windowSeconds: DAY, message: SERVER_MESSAGES.tooManyRequests },
  /** Invitations mailed to one address, all inviters together, so nobody is flooded with them. */
  inviteRecipient: { max: 3, windowSeconds: DAY, message: SERVER_MESSAGES.tooManyRequests },
  /** Such mails asked for by one client address (a class signing up together). */
  mailClient: { max: 100, windowSeconds: HOUR, message: SERVER_MESSAGES.tooManyRequests },
  /** Contact form posts per client address. */
  contactClient: { max: 10, windowSeconds: HOUR, message: SERVER_MESSAGES.tooManyRequests },
  /** Course requests per client address. */
  courseRequestClient: { max: 10, windowSeconds: HOUR, message: SERVER_MESSAGES.tooManyRequests },
  /** Issue reports per client address. */
  issueReportClient: { max: 20, windowSeconds: HOUR, message: SERVER_MESSAGES.tooManyRequests },
  /** Event registrations per client address (a class registering for an event from the campus). */
  eventRegistrationClient: { max: 200, windowSeconds: HOUR, message: SERVER_MESSAGES.tooManyRequests },
  /** Payments started per client address (a class paying from the campus at once). */
  paymentClient: { max: 600, windowSeconds: HOUR, message: SERVER_MESSAGES.tooManyRequests },
  /** Payments started per trainee (each attempt is a new payment; replays of one are not counted). */
  paymentAccount: { max: 20, windowSeconds: HOUR, message: SERVER_MESSAGES.tooManyRequests },
  /** Files uploaded per user (assignments, lecture files): at most 25 MB each. */
  uploadAccount: { max: 60, windowSeconds: HOUR, message: SERVER_MESSAGES.tooManyRequests },
  /** Classes, assignments and quizzes added or saved per trainer or facilitator (each save rewrites a quiz). */
  classSaveAccount: { max: 120, windowSeconds: HOUR, message: SERVER_MESSAGES.tooManyRequests },
  /** Withdrawal requests per trainee (each one waits for an administrator). */
  withdrawalAccount: { max: 20, windowSeconds: HOUR, message: SERVER_MESSAGES.tooManyRequests },
  /** Courses a trainer sends for approval (each one waits for an administrator). */
  courseCreateAccount: { max: 20, windowSeconds: HOUR, message: SERVER_MESSAGES.tooManyRequests },
  /** Facilitator searches per trainer: each tells whether an address is a trainer's. */
  facilitatorSearchAccount: { max: 60, windowSeconds: HOUR, message: SERVER_MESSAGES.tooManyRequests },
  /** Wallet codes checked per client address. */
  walletCodeClient: { max: 300, windowSeconds: HOUR, message: SERVER_MESSAGES.tooManyRequests },
  /** Receipts printed as PDF per trainee (each print takes a browser page on the server). */
  receiptPdfAccount: { max: 60, windowSeconds: HOUR, message: SERVER_MESSAGES.tooManyRequests },
  /** Transcripts printed as PDF per trainee (each print takes a browser page on the server). */
  transcriptPdfAccount: { max: 30, windowSeconds: HOUR, message: SERVER_MESSAGES.tooManyRequests },
  /** Certificates printed as PDF per trainee (each print takes a browser page on the server). */
  certificatePdfAccount: { max: 60, windowSeconds: HOUR, message: SERVER_MESSAGES.tooManyRequests },
  /** Sessions cancelled, moved or restored per trainer (each notifies every enrolled trainee). */
  scheduleChangeAccount: { max: 60, windowSeconds: HOUR, message: SERVER_MESSAGES.tooManyRequests },
  /** New calendar feed addresses per user. */
  calendarFeedRenewAccount: { max: 20, windowSeconds: HOUR, message: SERVER_MESSAGES.tooManyRequests },
  /** Calendar feed reads per client address (a campus of calendar apps refreshing behind one NAT). */
  calendarFeedClient: { max: 1200, windowSeconds: HOUR, message: SERVER_MESSAGES.tooManyRequests },
  /** Reads of one feed address (calendar apps refresh every 15 minutes to a few hours). */
  calendarFeedSecret: { max: 120, windowSeconds: HOUR, message: SERVER_MESSAGES.tooManyRequests },
  /** Attendance given per trainee (one a session; more are retries after a wrong or old code). */
  attendanceAccount: { max: 60, windowSeconds: HOUR, message: SERVER_MESSAGES.tooManyRequests },
  /** Attendance given per client address (several classes scanning from the campus at once). */
  attendanceClient: { max: 3000, windowSeconds: HOUR, message: SERVER_MESSAGES.tooManyRequests },
  /** Attendance tickets asked for per client address (signed-out trainees scanning on the campus). */
  attendanceTicketClient: { max: 1000, windowSeconds: HOUR, message: SERVER_MESSAGES.tooManyRequests },
  /** Reviews written or edited per trainee (each one changes a public page). */
  reviewAccount: { max: 30, windowSeconds: HOUR, message: SERVER_MESSAGES.tooManyRequests },
  /**
   * Certificate checks per client address (anyone scanning a certificate's QR code; a campus of
   * employers' offices behind one NAT). 80-bit codes cannot be guessed; this keeps scraping slow.
   */
  certificateCheckClient: { max: 600, windowSeconds: HOUR, message: SERVER_MESSAGES.tooManyRequests },
  /** Chat conversations a user starts (server/chat/): refused attempts count too. */
  chatStartAccount: {
    max: CHAT_STARTS_PER_HOUR,
    windowSeconds: HOUR,
    message: SERVER_MESSAGES.tooManyRequests,
  },
  /**
   * Wrong wallet codes per trainee, across payments: each payment allows 5, and without this a new
   * payment every 5 tries gave endless guesses.
   */
  walletCodeAccount: {
    max: 15,
    windowSeconds: HOUR,
    lockSeconds: HOUR,
    message: SERVER_MESSAGES.tooManyWrongCodes,
  },
} as const satisfies Record<string, RateLimitRule>;

export type RateLimitName = keyof typeof RATE_LIMITS;
export type RateLimitTable = Record<RateLimitName, RateLimitRule>;

/** Every this many counted hits an instance deletes rows whose window is over. */
const PRUNE_EVERY = 100;
/** Rows deleted per pruning at most, so that one request never pays for a large backlog. */
const PRUNE_BATCH = 1000;

export interface RateLimiterOptions {
  db: Db;
  /** The token secret: keys are stored as an HMAC under a key derived from it. */
  secret: Uint8Array;
  /** The thresholds; RATE_LIMITS unless a test server passes others. */
  limits?: RateLimitTable | undefined;
  /** Take the client address from X-Forwarded-For (see server/client-address.ts). */
  trustProxy?: boolean | undefined;
  pruneEvery?: number;
}

export interface RateLimiter {
  readonly limits: RateLimitTable;
  /** The request's client address as a per-client limit counts it. */
  clientKey(c: Context): string;
  /** The request's client address (server/client-address.ts), as a sign-in records it. */
  clientAddress(c: Context): string;
  /** Counts a hit; refuses it with 429 when the key is over the limit. */
  consume(name: RateLimitName, key: string, db?: Db): Promise<void>;
  /** Counts a hit without refusing anything (a failure, counted once its outcome is known). */
  count(name: RateLimitName, key: string, db?: Db): Promise<void>;
  /** Refuses with 429 while `key` has reached the limit, without counting. */
  assertOpen(name: RateLimitName, key: string, db?: Db): Promise<void>;
  /** Forgets the key's hits (a successful sign-in clears the account's failures). */
  clear(name: RateLimitName, key: string, db?: Db): Promise<void>;
  /** Middleware: counts each request under its client address and refuses those over the limit. */
  perClient(name: RateLimitName): MiddlewareHandler<AppEnv>;
}

/** The 429 answer: Retry-After in seconds, and the same wait in the body for clients that read only JSON. */
export function rateLimited(message: ServerMessage, retryAfterSeconds: number): HttpProblem {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  const detail: ProblemDetail & { retry_after: number } = { message, retry_after: seconds };
  return new HttpProblem(429, [detail], { 'Retry-After': String(seconds) });
}

interface HitRow {
  refused: boolean;
  retry_after: number;
}

/** The rate limiter on the `rate_limits` table (migration 007). */
export function createRateLimiter(options: RateLimiterOptions): RateLimiter {
  const { db } = options;
  const limits = options.limits ?? RATE_LIMITS;
  const trustProxy = options.trustProxy ?? false;
  const pruneEvery = options.pruneEvery ?? PRUNE_EVERY;
  // A key of its own, so that the stored values say nothing even to someone who reads the table.
  const hmacKey = createHmac('sha256', options.secret).update('kfu-training rate-limit keys').digest();
  const stored = (key: string) => createHmac('sha256', hmacKey).update(key).digest('base64url');
  let hitsSincePrune = 0;

  async function prune(on: Db): Promise<void> {
    await on.query(
      `DELETE FROM rate_limits r
       USING (SELECT bucket, key FROM rate_limits WHERE resets_at < now() ORDER BY resets_at LIMIT $1) old
       WHERE r.bucket = old.bucket AND r.key = old.key AND r.resets_at < now()`,
      [PRUNE_BATCH],
    );
  }

  async function hit(name: RateLimitName, key: string, on: Db): Promise<HitRow> {
    const rule: RateLimitRule = limits[name];
    // A lapsed row starts a new window; the hit after the max-th starts the lock (a later refused
    // hit never extends it, so nobody can keep someone else's account locked by going on).
    // The count stops at max + 1: refused hits need no exact number.
    const { rows } = await on.query<HitRow>(
      `INSERT INTO rate_limits AS r (bucket, key, hits, resets_at)
       VALUES ($1, $2, 1, now() + make_interval(secs => $4))
       ON CONFLICT (bucket, key) DO UPDATE SET
         hits = CASE WHEN r.resets_at <= now() THEN 1 ELSE least(r.hits + 1, $3 + 1) END,
         resets_at = CASE
           WHEN r.resets_at <= now() THEN now() + make_interval(secs => $4)
           WHEN r.hits = $3 THEN greatest(r.resets_at, now() + make_interval(secs => $5))
           ELSE r.resets_at
         END
       RETURNING hits > $3 AS refused,
                 greatest(ceil(extract(epoch FROM resets_at - now())), 1)::integer AS retry_after`,
      [name, stored(key), rule.max, rule.windowSeconds, rule.lockSeconds ?? 0],
    );
    hitsSincePrune += 1;
    if (hitsSincePrune >= pruneEvery) {
      hitsSincePrune = 0;
      await prune(on);
    }
    const row = rows[0];
    if (!row) throw new Error(`The rate limit ${name} answered nothing`);
    return row;
  }

  const limiter: RateLimiter = {
    limits,
    clientKey: (c) => addressLimitKey(clientAddress(c, trustProxy)),
    clientAddress: (c) => clientAddress(c, trustProxy),
    async consume(name, key, on = db) {
      const { refused, retry_after } = await hit(name, key, on);
      if (refused) throw rateLimited(limits[name].message, retry_after);
    },
    async count(name, key, on = db) {
      await hit(name, key, on);
    },
    async assertOpen(name, key, on = db) {
      const { rows } = await on.query<{ retry_after: number }>(
        `SELECT greatest(ceil(extract(epoch FROM resets_at - now())), 1)::integer AS retry_after
         FROM rate_limits WHERE bucket = $1 AND key = $2 AND resets_at > now() AND hits >= $3`,
        [name, stored(key), limits[name].max],
      );
      if (rows[0]) throw rateLimited(limits[name].message, rows[0].retry_after);
    },
    async clear(name, key, on = db) {
      await on.query('DELETE FROM rate_limits WHERE bucket = $1 AND key = $2', [name, stored(key)]);
    },
    perClient: (name) => async (c, next) => {
      await limiter.consume(name, limiter.clientKey(c));
      await next();
    },
  };
  return limiter;
}

/**
 * An e-mail address or phone number as typed into a form, as one key: lower-case e-mail, digits of
 * a phone number. The same for every request that names the same recipient or account.
 */
export function identifierKey(emailOrPhone: string): string {
  const { column, value } = identifierQuery(emailOrPhone);
  return `${column}:${value}`;
}

/** What a sign-in needs from the limits: say how the password check went. */
export interface SignInAttempt {
  failed(): Promise<void>;
  succeeded(): Promise<void>;
}

/**
 * Before a password is checked: refuses a client address with too many failed sign-ins, and counts
 * the attempt against the submitted e-mail address (refused once over its limit, even with the right
 * password). Counting before the check means parallel guesses cannot slip past the limit.
 */
export async function beginSignIn(
  limiter: RateLimiter,
  c: Context,
  username: string,
): Promise<SignInAttempt> {
  const client = limiter.clientKey(c);
  const account = `email:${normaliseEmail(username)}`;
  await limiter.assertOpen('signInClient', client);
  await limiter.consume('signInAccount', account);
  return {
    failed: () => limiter.count('signInClient', client),
    succeeded: () => limiter.clear('signInAccount', account),
  };
}

/** Lets the owner of an account sign in at once after a password reset, whatever guessers did before. */
export async function clearSignInLock(limiter: RateLimiter, email: string, db?: Db): Promise<void> {
  await limiter.clear('signInAccount', `email:${normaliseEmail(email)}`, db);
}

/**
 * Before a mailed code is checked: counts the try against the e-mail address or phone number it
 * names, across all the codes sent to it, whether or not an account uses it (so the answer never
 * tells). Returns what to call once the code was right.
 */
export async function beginCodeCheck(
  limiter: RateLimiter,
  emailOrPhone: string,
): Promise<{ succeeded(): Promise<void> }> {
  const key = identifierKey(emailOrPhone);
  await limiter.consume('codeAccount', key);
  return { succeeded: () => limiter.clear('codeAccount', key) };
}

/**
 * Before a signed-in user's password is checked (change password, close account): counts the try
 * against the account, refused once over its limit. Returns what to call once it was right.
 */
export async function beginPasswordConfirm(
  limiter: RateLimiter,
  userId: number,
): Promise<{ succeeded(): Promise<void> }> {
  const key = `user:${userId}`;
  await limiter.consume('passwordConfirmAccount', key);
  return { succeeded: () => limiter.clear('passwordConfirmAccount', key) };
}

/**
 * Before the code of a signed-in user's e-mail change is checked: counts the try against the
 * account (with the same limit as other codes), whichever address the code went to.
 */
export async function beginAccountCodeCheck(
  limiter: RateLimiter,
  userId: number,
): Promise<{ succeeded(): Promise<void> }> {
  const key = `user:${userId}`;
  await limiter.consume('codeAccount', key);
  return { succeeded: () => limiter.clear('codeAccount', key) };
}

/**
 * Counts one mail to `recipient` (an e-mail address or phone number as submitted) asked for by the
 * request's client, and refuses it with 429 over either limit. Every mail with a code goes through
 * this (sign-up, password reset, invitations): pass the transaction that queues the mail as `db`, so
 * that a mail that is not queued is not counted either.
 */
export async function spendMailAllowance(
  limiter: RateLimiter,
  c: Context,
  recipient: string,
  db?: Db,
): Promise<void> {
  await limiter.consume('mailClient', limiter.clientKey(c), db);
  await limiter.consume('mailRecipient', identifierKey(recipient), db);
}
