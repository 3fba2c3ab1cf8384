import { afterEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { type AuthBridge, createApiClient } from '@/api/client';
import { ApiError } from '@/api/errors';
import { DEFAULT_FAILURE } from '@/contract/errors';

const okSchema = z.object({ ok: z.boolean() });

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function bearerOf(init: RequestInit | undefined): string | null {
  const headers = new Headers(init?.headers);
  return headers.get('authorization');
}

/** A server that accepts only the token `fresh`; answers arrive staggered by `i` ms. */
function tokenServer() {
  const seen: (string | null)[] = [];
  let calls = 0;
  const fetch = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
    const delay = calls++ % 20;
    await new Promise((resolve) => setTimeout(resolve, delay));
    const bearer = bearerOf(init);
    seen.push(bearer);
    return bearer === 'Bearer fresh' ? json(200, { ok: true }) : json(401, { detail: 'Token expired' });
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, seen, spy: fetch };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('authenticated client', () => {
  it('answers 20 concurrent 401s with exactly one refresh and one retry each', async () => {
    const server = tokenServer();
    let token = 'stale';
    const refresh = vi.fn(async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      token = 'fresh';
    });
    const bridge: AuthBridge = { getAccessToken: () => token, refresh };
    const api = createApiClient({ baseURL: 'http://api.test/api/v1', fetch: server.fetch }, bridge);

    const results = await Promise.all(Array.from({ length: 20 }, () => api.authed(okSchema, '/thing/')));

    expect(results).toEqual(Array.from({ length: 20 }, () => ({ ok: true })));
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(server.spy).toHaveBeenCalledTimes(40);
    expect(server.seen.filter((bearer) => bearer === 'Bearer stale')).toHaveLength(20);
    expect(server.seen.filter((bearer) => bearer === 'Bearer fresh')).toHaveLength(20);
  });

  it('treats 403 like 401', async () => {
    let token = 'stale';
    const fetch = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) =>
      bearerOf(init) === 'Bearer fresh' ? json(200, { ok: true }) : json(403, {}),
    );
    const refresh = vi.fn(async () => {
      token = 'fresh';
    });
    const api = createApiClient(
      { baseURL: 'http://api.test', fetch: fetch as unknown as typeof globalThis.fetch },
      { getAccessToken: () => token, refresh },
    );
    await expect(api.authed(okSchema, '/x/')).resolves.toEqual({ ok: true });
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('gives every waiting request the original error when the one shared refresh fails', async () => {
    const fetch = vi.fn(async () => json(401, { detail: 'Token expired' }));
    const refresh = vi.fn(async () => {
      await new Promise((resolve) => setTimeout(resolve, 10));
      throw new Error('refused');
    });
    const api = createApiClient(
      { baseURL: 'http://api.test', fetch: fetch as unknown as typeof globalThis.fetch },
      { getAccessToken: () => 'stale', refresh },
    );
    const outcomes = await Promise.allSettled(Array.from({ length: 5 }, () => api.authed(okSchema, '/x/')));
    for (const outcome of outcomes) {
      expect(outcome.status).toBe('rejected');
      const reason = (outcome as PromiseRejectedResult).reason as ApiError;
      expect(reason).toBeInstanceOf(ApiError);
      expect(reason.status).toBe(401);
      expect(reason.message).toBe('Token expired');
    }
    expect(refresh).toHaveBeenCalledTimes(1);
    // No retry without new credentials.
    expect(fetch).toHaveBeenCalledTimes(5);
  });

  it('does not refresh for public calls', async () => {
    const fetch = vi.fn(async () => json(401, { details: [{ message: 'Invalid email or password' }] }));
    const refresh = vi.fn(async () => {});
    const api = createApiClient(
      { baseURL: 'http://api.test', fetch: fetch as unknown as typeof globalThis.fetch },
      { getAccessToken: () => 'token', refresh },
    );
    await expect(api.public(okSchema, '/user/login/', { method: 'POST', body: {} })).rejects.toMatchObject({
      status: 401,
      message: 'Invalid email or password',
    });
    expect(refresh).not.toHaveBeenCalled();
  });

  it('sends JSON with the bearer token and Accept header', async () => {
    const fetch = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => json(201, { ok: true }));
    const api = createApiClient(
      { baseURL: 'http://api.test/api/v1', fetch: fetch as unknown as typeof globalThis.fetch },
      { getAccessToken: () => 'abc', refresh: async () => {} },
    );
    await api.authed(okSchema, '/course/rating/', { method: 'POST', body: { rating: 5 } });
    const [input, init] = fetch.mock.calls[0] ?? [];
    expect(String(input)).toBe('http://api.test/api/v1/course/rating/');
    const headers = new Headers(init?.headers);
    expect(headers.get('authorization')).toBe('Bearer abc');
    expect(headers.get('accept')).toBe('application/json');
    expect(headers.get('content-type')).toContain('application/json');
    expect(init?.body).toBe(JSON.stringify({ rating: 5 }));
  });
});

describe('failures', () => {
  it('reports a response that breaks its contract as a clear error', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const fetch = vi.fn(async () => json(200, { ok: 'yes' }));
    const api = createApiClient(
      { baseURL: 'http://api.test', fetch: fetch as unknown as typeof globalThis.fetch },
      { getAccessToken: () => null, refresh: async () => {} },
    );
    const error = (await api.public(okSchema, '/x/').catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.kind).toBe('contract');
    expect(error.message).toBe(DEFAULT_FAILURE);
    expect(String(errors.mock.calls[0]?.[0])).toContain('/x/ does not match its contract');
    expect(String(errors.mock.calls[0]?.[0])).toContain('ok');
  });

  it('times out with the fallback sentence', async () => {
    const fetch = vi.fn(
      (_input: RequestInfo | URL, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
        }),
    );
    const api = createApiClient(
      { baseURL: 'http://api.test', fetch: fetch as unknown as typeof globalThis.fetch, timeout: 30 },
      { getAccessToken: () => null, refresh: async () => {} },
    );
    const error = (await api
      .public(okSchema, '/slow/', { fallback: 'Could not logged in at this time. Try again' })
      .catch((e: unknown) => e)) as ApiError;
    expect(error.kind).toBe('timeout');
    expect(error.message).toBe('Could not logged in at this time. Try again');
  });

  it('uses the fallback when the network is down', async () => {
    const fetch = vi.fn(async () => {
      throw new TypeError('fetch failed');
    });
    const api = createApiClient(
      { baseURL: 'http://api.test', fetch: fetch as unknown as typeof globalThis.fetch },
      { getAccessToken: () => null, refresh: async () => {} },
    );
    await expect(api.public(okSchema, '/x/')).rejects.toMatchObject({
      kind: 'network',
      message: DEFAULT_FAILURE,
    });
  });
});
