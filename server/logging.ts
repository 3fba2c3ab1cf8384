import { randomUUID } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import pino, { type DestinationStream, type Logger } from 'pino';
import { type AppEnv, describeError } from './http';

export type { Logger };

const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** LOG_LEVEL; `info` when unset, `warn` under Vitest (test servers would print every request). */
export function logLevelFromEnv(env: NodeJS.ProcessEnv = process.env): string {
  const level = env.LOG_LEVEL?.trim().toLowerCase();
  if (!level) return env.VITEST ? 'warn' : 'info';
  if (!(LEVELS as readonly string[]).includes(level))
    throw new Error(`LOG_LEVEL must be one of ${LEVELS.join(', ')}: ${env.LOG_LEVEL}`);
  return level;
}

/** JSON lines (to stdout unless a destination is given), with the level as a word and an ISO time. */
export function createLogger(options: { level?: string; destination?: DestinationStream } = {}): Logger {
  return pino(
    {
      level: options.level ?? logLevelFromEnv(),
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    options.destination ?? pino.destination({ dest: 1, sync: false }),
  );
}

let shared: Logger | undefined;

/** The process's logger for apps built without one (tests, scripts). */
export function defaultLogger(): Logger {
  shared ??= createLogger();
  return shared;
}

/**
 * Logs a failure a request met without failing (a gateway out of reach): with the request id, to
 * the request's logger; to the console for an app without one.
 */
export function logFailure(c: Context, what: string, error: unknown): void {
  const log = c.get('log') as Logger | undefined;
  if (log) log.error({ reqId: c.get('requestId') as string | undefined, error: describeError(error) }, what);
  else console.error(`${what}: ${describeError(error)}`);
}

/** An incoming X-Request-Id is kept only when it is a short token of safe characters. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** The label of requests no route of the app served (a fixed one, never the URL). */
export const UNMATCHED = 'unmatched';
/** The label of what the catch-all serves: the web app's pages and assets. */
export const STATIC = 'static';

/**
 * The route pattern that answered (`/api/v1/course/about/:id/`), never the URL: a catch-all's
 * 404 is UNMATCHED, and the web app's files STATIC.
 */
export function routeLabel(path: string, status: number): string {
  if (path === '' || path.endsWith('*')) {
    if (status === 404) return UNMATCHED;
    if (path === '' || path === '*' || path === '/*') return STATIC;
  }
  return path;
}

/** Route parameters whose values are secrets or codes: never written to the log. */
const SECRET_PARAM = /token|code|secret|key|hash/i;

/**
 * The path for the log: under a route pattern, the segments of secret parameters (an invitation's
 * token) become `:name`; under a catch-all (web app pages such as /invitations/<token>), only the
 * first segment is kept. Never the query string.
 */
export function loggedPath(path: string, pattern: string): string {
  if (pattern === '' || pattern.includes('*')) {
    const second = path.indexOf('/', 1);
    return second < 0 || second === path.length - 1 ? path : `${path.slice(0, second)}/…`;
  }
  if (!pattern.includes(':')) return path;
  const patternParts = pattern.split('/');
  const parts = path.split('/');
  if (patternParts.length !== parts.length) return pattern;
  return parts
    .map((part, index) => {
      const name = patternParts[index] ?? '';
      return name.startsWith(':') && SECRET_PARAM.test(name) ? name : part;
    })
    .join('/');
}

/** Sets X-Request-Id on the answer (a copy of it when its headers cannot change). */
function answerWithId(c: Context<AppEnv>, id: string): void {
  try {
    c.res.headers.set('X-Request-Id', id);
  } catch {
    const headers = new Headers(c.res.headers);
    headers.set('X-Request-Id', id);
    const { body, status, statusText } = c.res;
    c.res = undefined;
    c.res = new Response(body, { status, statusText, headers });
  }
}

export interface RequestObserverOptions {
  logger: Logger;
  /** Counts the request (the HTTP metrics). */
  observe?: ((method: string, route: string, status: number, seconds: number) => void) | undefined;
  /** Routes logged at debug only (probes come every few seconds). */
  quietRoutes?: ReadonlySet<string> | undefined;
}

/**
 * First middleware of the app: the request id (kept from X-Request-Id when safe, else new; always
 * answered as X-Request-Id), then one log line per request, with the route pattern, status,
 * duration and the signed-in user's id. Never the query string, a header or a body.
 */
export function observeRequests(options: RequestObserverOptions): MiddlewareHandler<AppEnv> {
  const { logger, observe } = options;
  const quiet = options.quietRoutes ?? new Set<string>();
  return async (c, next) => {
    const started = performance.now();
    const incoming = c.req.header('X-Request-Id');
    const id = incoming !== undefined && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
    c.set('requestId', id);
    c.set('log', logger);
    let failed = false;
    try {
      await next();
    } catch (error) {
      failed = true;
      throw error;
    } finally {
      const seconds = (performance.now() - started) / 1000;
      if (!failed) answerWithId(c, id);
      const status = failed ? 500 : c.res.status;
      const pattern = routePath(c);
      const route = routeLabel(pattern, status);
      observe?.(c.req.method, route, status, seconds);
      const level = quiet.has(route) && status < 500 ? 'debug' : 'info';
      if (logger.isLevelEnabled(level)) {
        const user = c.var.user as AppEnv['Variables']['user'] | undefined;
        logger[level]({
          reqId: id,
          method: c.req.method,
          route,
          path: loggedPath(c.req.path, pattern),
          status,
          ms: Math.round(seconds * 10_000) / 10,
          ...(user ? { userId: user.id } : {}),
        });
      }
    }
  };
}
