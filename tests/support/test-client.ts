import { ADMIN_TOKEN_HEADER } from '../../server/admin/middleware';
import { staffAuthorization } from '../../server/cli-login';
import { type ApiClient, createApiClient, DEFAULT_API_BASE } from '../../src/api/client';

/** What the client needs of a test server (server/testing.ts). */
export interface TestClientServer {
  url: string;
  adminToken?: string;
  staffToken?: string;
}

export interface CallOptions {
  /** GET without a body, POST with one. */
  method?: string;
  /** Sent as `Authorization: Bearer …`. */
  token?: string;
  /**
   * Calls as `npm run admin` does after `login`: the demo staff's personal token (Authorization:
   * Staff …, unless `token` is given) beside the server's shared admin token (X-Admin-Token).
   */
  admin?: boolean;
  /** An object goes as JSON, FormData as multipart, a string as it is (labelled JSON). */
  body?: unknown;
  /** Further headers; they win over the ones the options above set. */
  headers?: Record<string, string>;
  /** The Accept header. */
  accept?: string;
}

/** `bytes`, `headers` and `type` are not enumerable: `toEqual` and spreads see status and body only. */
export interface CallAnswer<T> {
  status: number;
  /** The parsed JSON when the answer is JSON, else `{}`. */
  body: T;
  /** The raw answer. */
  bytes: Buffer;
  headers: Headers;
  /** The Content-Type ('' when none). */
  type: string;
}

export interface TestClient {
  /** A raw call to `/api/v1${path}` (or to a full http address). */
  call<T = Record<string, unknown>>(path: string, options?: CallOptions): Promise<CallAnswer<T>>;
  /** The web app's own API client on the server, signed in with this token (refresh rejects). */
  api(token?: string): ApiClient;
}

/**
 * The one client the server tests talk to a test server with. `server` may be a getter, for a
 * server that is only started in `beforeAll`.
 */
export function testClient(server: TestClientServer | (() => TestClientServer)): TestClient {
  const current = typeof server === 'function' ? server : () => server;

  async function call<T = Record<string, unknown>>(
    path: string,
    options: CallOptions = {},
  ): Promise<CallAnswer<T>> {
    const { url, adminToken, staffToken } = current();
    const { method, token, admin, body, accept } = options;
    const form = body instanceof FormData;
    const payload = body === undefined || form || typeof body === 'string' ? body : JSON.stringify(body);
    const response = await fetch(path.startsWith('http') ? path : `${url}${DEFAULT_API_BASE}${path}`, {
      method: method ?? (body === undefined ? 'GET' : 'POST'),
      headers: {
        // FormData sets its own multipart Content-Type with the boundary.
        ...(body === undefined || form ? {} : { 'Content-Type': 'application/json' }),
        ...(admin
          ? { [ADMIN_TOKEN_HEADER]: adminToken ?? '', ...(staffToken ? staffAuthorization(staffToken) : {}) }
          : {}),
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
        ...(accept ? { Accept: accept } : {}),
        ...options.headers,
      },
      body: payload,
    });
    const type = response.headers.get('Content-Type') ?? '';
    const bytes = Buffer.from(await response.arrayBuffer());
    const json = type.includes('json') && bytes.length > 0 ? JSON.parse(bytes.toString('utf8')) : {};
    const answer = { status: response.status, body: json as T } as CallAnswer<T>;
    // Not enumerable, so that `expect(answer).toEqual({ status, body })` compares just those two.
    Object.defineProperties(answer, {
      bytes: { value: bytes },
      headers: { value: response.headers },
      type: { value: type },
    });
    return answer;
  }

  function api(token?: string): ApiClient {
    return createApiClient(
      { baseURL: `${current().url}${DEFAULT_API_BASE}` },
      {
        getAccessToken: () => token ?? null,
        refresh: () => Promise.reject(new Error('no refresh in the server tests')),
      },
    );
  }

  return { call, api };
}
