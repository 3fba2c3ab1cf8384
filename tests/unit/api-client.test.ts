import { DEFAULT_FAILURE } from '@contract/messages/errors';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { type AuthBridge, createApiClient } from '@/api/client';
import { ApiError } from '@/api/errors';

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

/** A stand-in for the browser's XMLHttpRequest: answers each request with the next reply. */
function fakeXhr(replies: { status: number; body: unknown }[]) {
  const sent: { url: string; headers: Record<string, string>; body: unknown }[] = [];
  class FakeRequest {
    status = 0;
    responseText = '';
    timeout = 0;
    upload: {
      onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
    } = {
      onprogress: null,
    };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    ontimeout: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private url = '';
    private headers: Record<string, string> = {};
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    abort() {
      this.onabort?.();
    }
    send(body: unknown) {
      sent.push({ url: this.url, headers: this.headers, body });
      const reply = replies.shift();
      queueMicrotask(() => {
        if (!reply) {
          this.onerror?.();
          return;
        }
        this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
        this.upload.onprogress?.({ lengthComputable: true, loaded: 100, total: 100 });
        this.status = reply.status;
        this.responseText = JSON.stringify(reply.body);
        this.onload?.();
      });
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeRequest);
  return sent;
}

describe('uploads', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('reports the share sent and parses the answer', async () => {
    const sent = fakeXhr([{ status: 201, body: { ok: true } }]);
    const api = createApiClient(
      { baseURL: 'http://api.test/api/v1/' },
      { getAccessToken: () => 'token', refresh: vi.fn() },
    );
    const shares: number[] = [];
    const body = new FormData();
    const result = await api.authedUpload(okSchema, '/upload/', {
      body,
      onProgress: (share) => shares.push(share),
    });
    expect(result).toEqual({ ok: true });
    expect(shares).toEqual([0.5, 1]);
    expect(sent[0]?.url).toBe('http://api.test/api/v1/upload/');
    expect(sent[0]?.headers.Authorization).toBe('Bearer token');
    expect(sent[0]?.body).toBe(body);
  });

  it('renews the session once after a refusal and sends the file again', async () => {
    const sent = fakeXhr([
      { status: 401, body: { detail: 'Token expired' } },
      { status: 201, body: { ok: true } },
    ]);
    let token = 'stale';
    const refresh = vi.fn(async () => {
      token = 'fresh';
    });
    const api = createApiClient({ baseURL: '/api/v1' }, { getAccessToken: () => token, refresh });
    await expect(api.authedUpload(okSchema, '/upload/', { body: new FormData() })).resolves.toEqual({
      ok: true,
    });
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(sent.map((request) => request.headers.Authorization)).toEqual(['Bearer stale', 'Bearer fresh']);
  });

  it("says the server's sentence, or the caller's fallback when the line fails", async () => {
    fakeXhr([{ status: 400, body: { details: [{ message: 'The file must not be larger than 25 MB' }] } }]);
    const api = createApiClient({ baseURL: '/api/v1' }, { getAccessToken: () => 'token', refresh: vi.fn() });
    await expect(api.authedUpload(okSchema, '/upload/', { body: new FormData() })).rejects.toMatchObject({
      message: 'The file must not be larger than 25 MB',
      status: 400,
    });
    fakeXhr([]);
    const failure = api.authedUpload(okSchema, '/upload/', {
      body: new FormData(),
      fallback: 'Error uploading file',
    });
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ message: 'Error uploading file', kind: 'network' });
  });
});

describe('file downloads', () => {
  const auth: AuthBridge = { getAccessToken: () => 'fresh', refresh: () => Promise.resolve() };

  it('answers the file as a Blob', async () => {
    const fetch = vi.fn(
      async () =>
        new Response(new Uint8Array([0x25, 0x50, 0x44, 0x46]), {
          headers: { 'content-type': 'application/pdf' },
        }),
    ) as unknown as typeof globalThis.fetch;
    const api = createApiClient({ baseURL: 'http://api.test', fetch }, auth);
    const file = await api.authedFile('/doc/', 'application/pdf', { method: 'POST', body: {} });
    expect(await file.text()).toBe('%PDF');
  });

  it('reads the sentence of a refused download from its JSON body', async () => {
    const sentence = 'The certificate can be had once the course has ended';
    const fetch = vi.fn(async () =>
      json(400, { success: false, details: [{ message: sentence }] }),
    ) as unknown as typeof globalThis.fetch;
    const api = createApiClient({ baseURL: 'http://api.test', fetch }, auth);
    const error = await api
      .authedFile('/doc/', 'application/pdf', { method: 'POST', body: {} })
      .catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(400);
    expect((error as ApiError).message).toBe(sentence);
  });

  it('keeps the fallback sentence when a refused download has no JSON body', async () => {
    const fetch = vi.fn(
      async () => new Response('oops', { status: 503 }),
    ) as unknown as typeof globalThis.fetch;
    const api = createApiClient({ baseURL: 'http://api.test', fetch }, auth);
    const error = (await api.authedFile('/doc/', 'application/pdf').catch((e) => e)) as ApiError;
    expect(error.status).toBe(503);
    expect(error.message).toBe(DEFAULT_FAILURE);
  });
});
