import { DEFAULT_FAILURE } from '@contract/messages/errors';
import { createFetch, FetchError } from 'ofetch';
import type * as z from 'zod/mini';
import { ApiError, httpError, isApiError } from './errors';

/** Spec section 7 and 9: every request gives up after 10 000 ms. */
export const API_TIMEOUT_MS = 10_000;
export const DEFAULT_API_BASE = '/api/v1';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  method?: HttpMethod;
  /** JSON-serialisable object, or FormData for multipart uploads. */
  body?: Record<string, unknown> | FormData;
  query?: Record<string, string | number | undefined>;
  /** The sentence shown when the failure carries no message of its own (spec section 8). */
  fallback?: string;
}

export interface ApiConfig {
  baseURL: string;
  timeout?: number;
  fetch?: typeof globalThis.fetch;
  /**
   * The answer to a public GET of this whole address that was requested before the app started
   * (`src/early/early-data.ts`), taken once; undefined when there is none.
   */
  early?: (address: string) => Promise<Response> | undefined;
}

/** What the authenticated client needs from the session. */
export interface AuthBridge {
  getAccessToken(): string | null;
  /** Obtains fresh tokens; rejects when the session could not be renewed. */
  refresh(): Promise<void>;
}

export interface ApiClient {
  /** A call that needs no sign-in. */
  public<S extends z.ZodMiniType>(schema: S, path: string, options?: RequestOptions): Promise<z.infer<S>>;
  /** A call with the bearer token; a 401/403 answer causes one shared refresh and one retry. */
  authed<S extends z.ZodMiniType>(schema: S, path: string, options?: RequestOptions): Promise<z.infer<S>>;
  /** As `authed`, for a file (a PDF): the answer's bytes, of the type it names. */
  authedFile(path: string, accept: string, options?: RequestOptions): Promise<Blob>;
  /**
   * As `authed`, for a multipart upload that reports its progress (0 to 1) while the body is sent.
   * It has no 10 s limit (a large file on a slow line takes longer) but can be cancelled.
   */
  authedUpload<S extends z.ZodMiniType>(schema: S, path: string, options: UploadOptions): Promise<z.infer<S>>;
}

export interface UploadOptions {
  body: FormData;
  fallback?: string;
  onProgress?: (share: number) => void;
  signal?: AbortSignal;
}

/** How long an upload may take at most. */
export const UPLOAD_TIMEOUT_MS = 10 * 60_000;

function toApiError(error: unknown, fallback: string): ApiError {
  if (isApiError(error)) return error;
  if (error instanceof FetchError && error.response) {
    return httpError(error.response.status, error.data, fallback, error.response.headers);
  }
  const cause = error instanceof Error ? (error.cause as Error | undefined) : undefined;
  const name = cause?.name ?? (error instanceof Error ? error.name : '');
  if (name === 'TimeoutError' || name === 'AbortError') return new ApiError(fallback, 'timeout', 0);
  return new ApiError(fallback, 'network', 0);
}

/** The JSON a Blob holds, or undefined when it holds something else. */
async function jsonOfBlob(blob: Blob): Promise<unknown> {
  try {
    return JSON.parse(await blob.text());
  } catch {
    return undefined;
  }
}

/** The whole address of a call, as the early requests name it (undefined query values left out). */
function addressOf(baseURL: string, path: string, query: RequestOptions['query']): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined) params.set(name, String(value));
  }
  const text = params.toString();
  return `${baseURL.replace(/\/$/, '')}${path}${text ? `?${text}` : ''}`;
}

/** The early answer's body, or undefined when it failed (the call is then made again as usual). */
async function earlyBody(response: Promise<Response>): Promise<{ data: unknown } | undefined> {
  try {
    const answer = await response;
    return answer.ok ? { data: await answer.json() } : undefined;
  } catch {
    return undefined;
  }
}

function parseWith<S extends z.ZodMiniType>(schema: S, data: unknown, path: string): z.infer<S> {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const where = result.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
  console.error(`Response of ${path} does not match its contract:\n  ${where.join('\n  ')}`);
  throw new ApiError(DEFAULT_FAILURE, 'contract', 200, data);
}

export function createApiClient(config: ApiConfig, auth: AuthBridge): ApiClient {
  const $fetch = createFetch({
    fetch: config.fetch ?? globalThis.fetch,
    Headers: globalThis.Headers,
    AbortController: globalThis.AbortController,
  }).create({
    baseURL: config.baseURL,
    timeout: config.timeout ?? API_TIMEOUT_MS,
    retry: 0,
    headers: { Accept: 'application/json' },
  });

  async function send(
    path: string,
    options: RequestOptions,
    token: string | null,
    file?: { accept: string },
  ): Promise<unknown> {
    try {
      const headers: Record<string, string> = {};
      if (token) headers.Authorization = `Bearer ${token}`;
      if (file) headers.Accept = file.accept;
      return await $fetch(path, {
        method: options.method ?? 'GET',
        body: options.body,
        query: options.query,
        headers,
        ...(file ? { responseType: 'blob' as const } : {}),
      });
    } catch (error) {
      // A refused file request carries the server's JSON error body as a Blob: read its sentence.
      if (file && error instanceof FetchError && error.response && error.data instanceof Blob) {
        const body = await jsonOfBlob(error.data);
        throw httpError(
          error.response.status,
          body,
          options.fallback ?? DEFAULT_FAILURE,
          error.response.headers,
        );
      }
      throw toApiError(error, options.fallback ?? DEFAULT_FAILURE);
    }
  }

  // One refresh at a time, shared by every request that was refused meanwhile.
  let refreshing: Promise<void> | null = null;
  function refreshOnce(): Promise<void> {
    refreshing ??= auth.refresh().finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  /** A call with the bearer token, refreshed once and sent again after a 401/403. */
  async function sendAuthed(
    path: string,
    options: RequestOptions,
    file?: { accept: string },
  ): Promise<unknown> {
    const token = auth.getAccessToken();
    try {
      return await send(path, options, token, file);
    } catch (error) {
      if (!isApiError(error) || !error.isAuthFailure) throw error;
      // A refresh that finished while this request was out already gave us a new token.
      if (auth.getAccessToken() === token) {
        try {
          await refreshOnce();
        } catch {
          throw error;
        }
      }
      return send(path, options, auth.getAccessToken(), file);
    }
  }

  /**
   * Sends a multipart body with XMLHttpRequest, the one browser API that reports upload progress;
   * where there is none (Node, the contract tests) the request goes through fetch without progress.
   */
  function upload(path: string, options: UploadOptions, token: string | null): Promise<unknown> {
    const fallback = options.fallback ?? DEFAULT_FAILURE;
    if (typeof XMLHttpRequest === 'undefined') {
      return send(path, { method: 'POST', body: options.body, fallback }, token);
    }
    return new Promise((resolve, reject) => {
      const request = new XMLHttpRequest();
      request.open('POST', `${config.baseURL.replace(/\/$/, '')}${path}`);
      request.timeout = UPLOAD_TIMEOUT_MS;
      request.setRequestHeader('Accept', 'application/json');
      if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
      request.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) options.onProgress?.(event.loaded / event.total);
      };
      request.onload = () => {
        let body: unknown = request.responseText;
        try {
          body = JSON.parse(request.responseText);
        } catch {
          // Not JSON: the status decides, with the fallback sentence.
        }
        if (request.status >= 200 && request.status < 300) resolve(body);
        else reject(httpError(request.status, body, fallback));
      };
      request.onerror = () => reject(new ApiError(fallback, 'network', 0));
      request.ontimeout = () => reject(new ApiError(fallback, 'timeout', 0));
      request.onabort = () => reject(new ApiError(fallback, 'network', 0));
      options.signal?.addEventListener('abort', () => request.abort(), { once: true });
      request.send(options.body);
    });
  }

  return {
    async public(schema, path, options = {}) {
      const early =
        (options.method ?? 'GET') === 'GET'
          ? config.early?.(addressOf(config.baseURL, path, options.query))
          : undefined;
      const taken = early && (await earlyBody(early));
      if (taken) return parseWith(schema, taken.data, path);
      return parseWith(schema, await send(path, options, null), path);
    },
    async authed(schema, path, options = {}) {
      return parseWith(schema, await sendAuthed(path, options), path);
    },
    async authedFile(path, accept, options = {}) {
      const data = await sendAuthed(path, options, { accept });
      if (!(data instanceof Blob)) throw new ApiError(DEFAULT_FAILURE, 'contract', 200, data);
      return data;
    },
    async authedUpload(schema, path, options) {
      const token = auth.getAccessToken();
      let data: unknown;
      try {
        data = await upload(path, options, token);
      } catch (error) {
        if (!isApiError(error) || !error.isAuthFailure || options.signal?.aborted) throw error;
        if (auth.getAccessToken() === token) {
          try {
            await refreshOnce();
          } catch {
            throw error;
          }
        }
        options.onProgress?.(0);
        data = await upload(path, options, auth.getAccessToken());
      }
      return parseWith(schema, data, path);
    },
  };
}
