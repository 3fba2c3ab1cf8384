import type { Role } from '@contract/wire/common';
import {
  type PeopleResponse,
  type PersonAccountResponse,
  peopleResponseSchema,
  personAccountResponseSchema,
  personResponseSchema,
} from '@contract/wire/people';
import type { ApiClient } from './client';

/** The back office's people (not in the spec), for signed-in staff: contract/wire/people.ts. */

export interface PeopleQuery {
  /** Part of a name or e-mail address, a phone or id number, or an account id. */
  q?: string | undefined;
  role?: Role | undefined;
  page?: number | undefined;
}

/** GET /staff/people/?q=&role=&page=: newest first. */
export function searchPeople(api: ApiClient, query: PeopleQuery): Promise<PeopleResponse> {
  const text = Object.entries({ q: query.q?.trim(), role: query.role, page: query.page })
    .filter(([, value]) => value !== undefined && value !== '')
    .map(([name, value]) => `${name}=${encodeURIComponent(String(value))}`)
    .join('&');
  return api.authed(peopleResponseSchema, `/staff/people/${text ? `?${text}` : ''}`);
}

/** GET /staff/people/{id}/: the account, its enrolments, payments, certificates and sign-ins. */
export async function getPerson(api: ApiClient, id: number) {
  return (await api.authed(personResponseSchema, `/staff/people/${id}/`)).data;
}

/** POST /staff/people/{id}/disable/ (with the reason) or …/enable/. */
export function setAccountDisabled(
  api: ApiClient,
  id: number,
  change: { disable: true; reason: string } | { disable: false },
): Promise<PersonAccountResponse> {
  return change.disable
    ? api.authed(personAccountResponseSchema, `/staff/people/${id}/disable/`, {
        method: 'POST',
        body: { reason: change.reason },
      })
    : api.authed(personAccountResponseSchema, `/staff/people/${id}/enable/`, { method: 'POST', body: {} });
}
