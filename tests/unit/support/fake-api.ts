import { type ApiClient, createApiClient } from '@/api/client';

/** One request as the fake API received it: method, path below the API base, JSON or multipart body. */
export interface FakeRequest {
  method: string;
  path: string;
  body: unknown;
}

/** A multipart body's parts: a text as it is, a file as its name and size. */
function partsOf(body: FormData): Record<string, unknown> {
  const parts: Record<string, unknown> = {};
  for (const [name, value] of body.entries()) {
    parts[name] = typeof value === 'string' ? value : { file: value.name, size: value.size };
  }
  return parts;
}

/** What the fake API answers: a status and a JSON body, or no answer at all (the network is down). */
export type FakeAnswer = { status: number; body: unknown } | 'offline';

export interface FakeApi {
  /** The web app's own API client, signed in, talking to the fake. */
  api: ApiClient;
  /** Every request so far, in order. */
  requests: FakeRequest[];
}

const BASE = 'http://api.test/api/v1';

/**
 * The real API client over a fetch that never leaves the process: `answer` says what each request
 * gets, so the web app's call functions and their contract parsing run as they do in the browser.
 */
export function fakeApi(answer: (request: FakeRequest) => FakeAnswer | Promise<FakeAnswer>): FakeApi {
  const requests: FakeRequest[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const text = typeof init?.body === 'string' ? init.body : '';
    const request: FakeRequest = {
      method: init?.method ?? 'GET',
      path: `${url.pathname.slice(new URL(BASE).pathname.length)}${url.search}`,
      body: init?.body instanceof FormData ? partsOf(init.body) : text ? JSON.parse(text) : undefined,
    };
    requests.push(request);
    const reply = await answer(request);
    if (reply === 'offline') throw new TypeError('fetch failed');
    return new Response(JSON.stringify(reply.body), {
      status: reply.status,
      headers: { 'content-type': 'application/json' },
    });
  };
  const api = createApiClient(
    { baseURL: BASE, fetch },
    { getAccessToken: () => 'access-token', refresh: () => Promise.reject(new Error('not expected')) },
  );
  return { api, requests };
}

/** localStorage's behaviour in memory: strings in, strings out. */
export function memoryStore(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> & {
  entries: Map<string, string>;
} {
  const entries = new Map<string, string>();
  return {
    entries,
    getItem: (key) => entries.get(key) ?? null,
    setItem: (key, value) => {
      entries.set(key, String(value));
    },
    removeItem: (key) => {
      entries.delete(key);
    },
  };
}

/** A browser's storage that refuses everything: reading as in some private windows, writing as when full. */
export function refusingStore(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> {
  return {
    getItem: () => {
      throw new Error('SecurityError');
    },
    setItem: () => {
      throw new Error('QuotaExceededError');
    },
    removeItem: () => {
      throw new Error('SecurityError');
    },
  };
}
