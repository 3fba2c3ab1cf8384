import { readFile } from 'node:fs/promises';
import type { PactV4, Path, TemplateHeaders } from '@pact-foundation/pact';
import type {
  V4InteractionWithRequest,
  V4InteractionWithResponse,
  V4RequestBuilder,
} from '@pact-foundation/pact/src/v4/http/types';
import { expect } from 'vitest';
import type { ApiError } from '../../src/api/errors';
import {
  bearerHeader,
  errorBody,
  failureOf,
  fieldErrorBody,
  JSON_CONTENT,
  type MultipartFile,
  multipartRequest,
} from './support';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The request of an interaction is written; what it answers is still to say. */
export interface SentRequest extends V4InteractionWithRequest {
  /** A JSON answer: Content-Type application/json (or `headers`) and the body. */
  answers(status: number, body: unknown, headers?: TemplateHeaders): V4InteractionWithResponse;
  /** A refusal with the API's error body: the client shows `message`. */
  refuses(status: number, message: string): V4InteractionWithResponse;
  /** A refusal whose error body names the form field it concerns. */
  refusesField(status: number, field: string, message: string): V4InteractionWithResponse;
}

/** An interaction named by its provider state and description; its request is still to say. */
export interface NamedInteraction {
  /** The request: method, path and, where there is one, its JSON body. */
  sends(method: Method, path: Path, body?: unknown): SentRequest;
  /** A multipart/form-data POST of text fields and at most one file (see multipartRequest). */
  postsForm(path: Path, fields: Record<string, string>, file?: MultipartFile): SentRequest;
}

/**
 * An interaction given `state` and described as `description`, whose request carries `headers`
 * (none when left out) and a JSON body where `sends` is given one.
 */
export function interaction(
  pact: PactV4,
  state: string,
  description: string,
  headers?: TemplateHeaders,
): NamedInteraction {
  const withRequest = (method: Method, path: Path, build: (b: V4RequestBuilder) => void): SentRequest => {
    const request = pact
      .addInteraction()
      .given(state)
      .uponReceiving(description)
      .withRequest(method, path, build);
    const answers = (status: number, json: unknown, responseHeaders: TemplateHeaders = JSON_CONTENT) =>
      request.willRespondWith(status, (b) => b.headers(responseHeaders).jsonBody(json));
    return {
      willRespondWith: (status, builder) => request.willRespondWith(status, builder),
      answers,
      refuses: (status, message) => answers(status, errorBody(message)),
      refusesField: (status, field, message) => answers(status, fieldErrorBody(field, message)),
    };
  };
  return {
    sends: (method, path, body) =>
      withRequest(method, path, (b) => {
        if (headers) b.headers(headers);
        if (body !== undefined) b.jsonBody(body);
      }),
    postsForm: (path, fields, file) =>
      withRequest('POST', path, (b) => multipartRequest(fields, file)(headers ? b.headers(headers) : b)),
  };
}

/** An interaction of the signed-in user: its request carries the bearer token of the state. */
export function signedIn(pact: PactV4, state: string, description: string): NamedInteraction {
  return interaction(pact, state, description, bearerHeader());
}

/** Awaits a call that must be refused, checks the status and the sentence, and returns the error. */
export async function expectRefusal(
  call: Promise<unknown>,
  status: number,
  message?: string,
): Promise<ApiError> {
  const error = await failureOf(call);
  expect(error.status).toBe(status);
  if (message !== undefined) expect(error.message).toBe(message);
  return error;
}

/** The bytes of a file of the fixtures as the browser would send them. */
export async function fileBlob(path: string, type: string): Promise<Blob> {
  return new Blob([new Uint8Array(await readFile(path))], { type });
}
