/** Calls to the product's API, as the backend sees them (no browser). */

export interface ApiCall {
  /** A bearer token: the call is made as that signed-in user. */
  token?: string;
  /** A JSON body: the call is a POST. */
  body?: unknown;
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  headers?: Record<string, string>;
}

/** `/api/v1{path}` on the product at `baseUrl`. */
export function callApi(baseUrl: string, path: string, call: ApiCall = {}): Promise<Response> {
  const { token, body, headers = {} } = call;
  return fetch(`${baseUrl}/api/v1${path}`, {
    method: call.method ?? (body === undefined ? 'GET' : 'POST'),
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
