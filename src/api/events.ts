import { type Confirmation, confirmationSchema, type Paged, type PageQuery } from '@contract/wire/common';
import {
  type EventDetails,
  type EventRegistrationStatus,
  type EventSummary,
  eventDetailsSchema,
  eventPageSchema,
  eventRegistrationStatusSchema,
} from '@contract/wire/events';
import type { ApiClient } from './client';

/** GET /event/?page&limit: upcoming and ongoing events first, then past ones. */
export function listEvents(api: ApiClient, query: PageQuery = {}): Promise<Paged<EventSummary>> {
  return api.public(eventPageSchema, '/event/', { query: { page: query.page, limit: query.limit } });
}

/** GET /event/{id}/ */
export function getEvent(api: ApiClient, id: number): Promise<EventDetails> {
  return api.public(eventDetailsSchema, `/event/${id}/`);
}

/** POST /event-registration/ for the signed-in user; a refusal carries the response's `error`. */
export function registerForEvent(api: ApiClient, event: number): Promise<Confirmation> {
  return api.authed(confirmationSchema, '/event-registration/', { method: 'POST', body: { event } });
}

/** GET /event/{id}/registration/ (not in the spec): whether the signed-in user is registered for it. */
export function getEventRegistration(api: ApiClient, id: number): Promise<EventRegistrationStatus> {
  return api.authed(eventRegistrationStatusSchema, `/event/${id}/registration/`);
}
