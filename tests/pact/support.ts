import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type Matcher, MatchersV3, PactV4, type Rule, SpecificationVersion } from '@pact-foundation/pact';
import type { V4RequestBuilder } from '@pact-foundation/pact/src/v4/http/types';
import { type ApiClient, createApiClient, DEFAULT_API_BASE } from '../../src/api/client';
import { type ApiError, isApiError } from '../../src/api/errors';
import type { Bearer } from '../../src/api/resumable';
import { INJECTED_ACCESS_TOKEN } from './states';

export const CONSUMER = 'kfu-training-web';

/**
 * Calls named in the spec go to the first pact; calls the product adds go to the second; the back
 * office's calls (role ADMIN, /staff/…, and the second factor of a staff sign-in) to the third.
 */
export const PROVIDERS = {
  api: 'kfu-training-api',
  extensions: 'kfu-training-api-extensions',
  admin: 'kfu-training-api-admin',
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

/**
 * The messages the web app sends to the API over the notifications socket. For these the API is
 * the receiver, so they have a pact of their own in which it is the consumer and the web app the
 * provider.
 */
export const MESSAGES_TO_API = { consumer: PROVIDERS.api, provider: CONSUMER } as const;

/** The card gateway's signed notices to the API: a pact of their own, the gateway its consumer. */
export const GATEWAY_NOTICES = { consumer: 'kfu-payment-gateway', provider: PROVIDERS.api } as const;

let gatewayNotices: PactV4 | undefined;

/** The one Pact of the gateway's notices (pact file kfu-payment-gateway-kfu-training-api.json). */
export function pactOfGatewayNotices(): PactV4 {
  gatewayNotices ??= new PactV4({
    ...GATEWAY_NOTICES,
    dir: PACT_DIR,
    spec: SpecificationVersion.SPECIFICATION_VERSION_V4,
    logLevel: 'warn',
  });
  return gatewayNotices;
}

/**
 * The SMS provider's API as the reference server calls it (server/messages/sms.ts): a pact in which
 * the server is the consumer, verified against the simulated provider.
 */
export const SMS_PROVIDER_PACT = { consumer: 'kfu-training-server', provider: 'sms-provider' } as const;

let smsProvider: PactV4 | undefined;

/** The one Pact of the SMS provider's API (pact file kfu-training-server-sms-provider.json). */
export function pactOfSmsProvider(): PactV4 {
  smsProvider ??= new PactV4({
    ...SMS_PROVIDER_PACT,
    dir: PACT_DIR,
    spec: SpecificationVersion.SPECIFICATION_VERSION_V4,
    logLevel: 'warn',
  });
  return smsProvider;
}

let messagesToApi: PactV4 | undefined;

/** The one Pact of the messages the web app sends to the API (pact file kfu-training-api-kfu-training-web.json). */
export function pactOfMessagesToApi(): PactV4 {
  messagesToApi ??= new PactV4({
    ...MESSAGES_TO_API,
    dir: PACT_DIR,
    spec: SpecificationVersion.SPECIFICATION_VERSION_V4,
    logLevel: 'warn',
  });
  return messagesToApi;
}

/**
 * The JSON a socket message handler is given: the receiver gets a text frame, so the contents go
 * through JSON text as they would on the wire.
 */
export function receivedJson(message: { contents: { content: unknown } }): unknown {
  const { content } = message.contents;
  return JSON.parse(Buffer.isBuffer(content) ? content.toString('utf8') : JSON.stringify(content));
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

/** The application's API client, pointed at the mock server, signed in with the example token. */
export function signedInClient(mockServer: { url: string }, token = EXAMPLE_JWT): ApiClient {
  return createApiClient(
    { baseURL: `${mockServer.url}${DEFAULT_API_BASE}` },
    {
      getAccessToken: () => token,
      refresh: () => Promise.reject(new Error('no refresh in this contract')),
    },
  );
}

/** What a resumable upload (src/api/resumable.ts) sends with, against the mock server. */
export function signedInBearer(mockServer: { url: string }, token = EXAMPLE_JWT): Bearer {
  return {
    baseURL: `${mockServer.url}${DEFAULT_API_BASE}`,
    token: () => token,
    renew: () => Promise.reject(new Error('no refresh in this contract')),
  };
}

/**
 * The Authorization header of a signed-in call: the provider state named with the call returns a
 * real access token under `accessToken`, which the verifier puts in place of the example.
 */
export function bearerHeader() {
  return {
    Accept: 'application/json',
    Authorization: MatchersV3.fromProviderState(
      `Bearer \${${INJECTED_ACCESS_TOKEN}}`,
      `Bearer ${EXAMPLE_JWT}`,
    ),
  };
}

/** A path with an id that the provider state returns under `key`. */
export function pathWithId(template: (id: string) => string, key: string, example: number) {
  return MatchersV3.fromProviderState(apiPath(template(`\${${key}}`)), apiPath(template(String(example))));
}

/** A refusal that carries its sentence as `error` as well (event registration). */
export function errorWithErrorField(message: string) {
  return { success: false, error: message, details: [{ message }] };
}

/** Awaits a call that must fail and returns its ApiError. */
export async function failureOf(call: Promise<unknown>): Promise<ApiError> {
  const outcome = await call.then(
    () => undefined,
    (error: unknown) => error,
  );
  if (!isApiError(outcome)) throw new Error(`Expected an ApiError, got ${String(outcome)}`);
  return outcome;
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

/** An error body that names the form field it concerns. */
export function fieldErrorBody(field: string, message: string) {
  return { success: false, details: [{ field, message }] };
}

/** The boundary of the multipart bodies written into the pact (the client's own boundary varies). */
export const PACT_BOUNDARY = 'kfuPactBoundary4Ez7Qh2Vw';

export interface MultipartFile {
  name: string;
  filename: string;
  contentType: string;
  path: string;
}

/**
 * A multipart/form-data request with text fields and at most one file. Pact's `multipartBody`
 * describes a single file part only, and the provider would then receive a form without its text
 * fields; so the whole body goes into the pact, with a matching rule per part: each text field
 * must equal its value, the file must have the content type, and the Content-Type header may
 * carry any boundary.
 */
export function multipartRequest(fields: Record<string, string>, file?: MultipartFile) {
  const contentType = `multipart/form-data; boundary=${PACT_BOUNDARY}`;
  const chunks: Buffer[] = [];
  const rules: Rule[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(`--${PACT_BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
    rules.push({ path: `$.${name}`, rules: [MatchersV3.equal(value)] });
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${PACT_BOUNDARY}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.filename}"\r\n` +
          `Content-Type: ${file.contentType}\r\n\r\n`,
      ),
      readFileSync(file.path),
      Buffer.from('\r\n'),
    );
    const contentTypeMatcher: Matcher<string> = {
      'pact:matcher:type': 'contentType',
      value: file.contentType,
    } as Matcher<string>;
    rules.push({ path: `$.${file.name}`, rules: [contentTypeMatcher] });
  }
  chunks.push(Buffer.from(`--${PACT_BOUNDARY}--\r\n`));
  const body = Buffer.concat(chunks);

  return (b: V4RequestBuilder): V4RequestBuilder =>
    b
      .headers({ 'Content-Type': MatchersV3.regex('^multipart/form-data;\\s*boundary=.+$', contentType) })
      .body(contentType, body)
      .matchingRules({ body: rules });
}
