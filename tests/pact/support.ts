import { fileURLToPath } from 'node:url';
import { MatchersV3, PactV4, SpecificationVersion } from '@pact-foundation/pact';
import { type ApiClient, createApiClient, DEFAULT_API_BASE } from '../../src/api/client';

export const CONSUMER = 'kfu-training-web';

/** Calls named in the spec go to the first pact; calls the product adds go to the second. */
export const PROVIDERS = {
  api: 'kfu-training-api',
  extensions: 'kfu-training-api-extensions',
} as const;
export type ProviderName = (typeof PROVIDERS)[keyof typeof PROVIDERS];

export const PACT_DIR = fileURLToPath(new URL('../../pacts', import.meta.url));

const pacts = new Map<ProviderName, PactV4>();

/** The one Pact per provider: all interactions with it end up in the same pact file. */
export function pactWith(provider: ProviderName): PactV4 {
  let pact = pacts.get(provider);
  if (!pact) {
    pact = new PactV4({
      consumer: CONSUMER,
      provider,
      dir: PACT_DIR,
      spec: SpecificationVersion.SPECIFICATION_VERSION_V4,
      logLevel: 'warn',
    });
    pacts.set(provider, pact);
  }
  return pact;
}

/** The application's own API client, pointed at the mock server, signed out. */
export function signedOutClient(mockServer: { url: string }): ApiClient {
  return createApiClient(
    { baseURL: `${mockServer.url}${DEFAULT_API_BASE}` },
    {
      getAccessToken: () => null,
      refresh: () => Promise.reject(new Error('signed out')),
    },
  );
}

/** Request and response paths as the provider sees them. */
export function apiPath(path: string): string {
  return `${DEFAULT_API_BASE}${path}`;
}

/** A compact JWS (header.payload.signature), as both access and refresh tokens are. */
export const JWT_PATTERN = '^[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+$';
export const EXAMPLE_JWT =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxIiwicm9sZSI6IlRSQUlORUUiLCJ0eXAiOiJhY2Nlc3MifQ.c2lnbmF0dXJlLWV4YW1wbGU';

export function jwt(example = EXAMPLE_JWT) {
  return MatchersV3.regex(JWT_PATTERN, example);
}

export const JSON_CONTENT = { 'Content-Type': MatchersV3.regex('^application/json', 'application/json') };

/** The error body of the API: the client shows `details[0].message`. */
export function errorBody(message: string) {
  return { success: false, details: [{ message }] };
}
