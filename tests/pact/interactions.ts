import type { PactV4, Path, TemplateHeaders } from '@pact-foundation/pact';
import type {
  V4InteractionWithRequest,
  V4InteractionWithResponse,
} from '@pact-foundation/pact/src/v4/http/types';
import { expect } from 'vitest';
import type { ApiError } from '../../src/api/errors';
import { bearerHeader, errorBody, failureOf, fieldErrorBody, JSON_CONTENT } from './support';

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
  return {
    sends(method, path, body) {
      const request = pact
        .addInteraction()
        .given(state)
        .uponReceiving(description)
        .withRequest(method, path, (b) => {
          if (headers) b.headers(headers);
          if (body !== undefined) b.jsonBody(body);
        });
      const answers = (status: number, json: unknown, responseHeaders: TemplateHeaders = JSON_CONTENT) =>
        request.willRespondWith(status, (b) => b.headers(responseHeaders).jsonBody(json));
      return {
        willRespondWith: (status, builder) => request.willRespondWith(status, builder),
        answers,
        refuses: (status, message) => answers(status, errorBody(message)),
        refusesField: (status, field, message) => answers(status, fieldErrorBody(field, message)),
      };
    },
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
