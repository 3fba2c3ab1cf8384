/** Calls to the product's API, as the backend sees them (no browser). */

export interface ApiCall {
  /** A bearer token: the call is made as that signed-in user. */
  token?: string;
  /** A JSON body: the call is a POST. */
  body?: unknown;
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  headers?: Record<string, string>;
}

/** Whether a request failed because the kept-alive connection it was sent on had been closed. */
function staleConnection(error: unknown): boolean {
  const cause = error instanceof Error ? (error.cause as { code?: string } | undefined) : undefined;
  return cause?.code === 'UND_ERR_SOCKET';
}

/**
 * `/api/v1{path}` on the product at `baseUrl`. A GET sent on a kept-alive connection the server had
 * just closed is sent once more, on a new one, as browsers do.
 */
export async function callApi(baseUrl: string, path: string, call: ApiCall = {}): Promise<Response> {
  const method = call.method ?? (call.body === undefined ? 'GET' : 'POST');
  try {
    return await send(baseUrl, path, call, method);
  } catch (error) {
    if (method !== 'GET' || !staleConnection(error)) throw error;
    return send(baseUrl, path, call, method);
  }
}

function send(baseUrl: string, path: string, call: ApiCall, method: string): Promise<Response> {
  const { token, body, headers = {} } = call;
  return fetch(`${baseUrl}/api/v1${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** The JSON answer to a GET of `/api/v1{path}`, taken as `T` (the tests compare it with the page). */
export async function readApi<T>(baseUrl: string, path: string, call: ApiCall = {}): Promise<T> {
  return (await (await callApi(baseUrl, path, call)).json()) as T;
}
