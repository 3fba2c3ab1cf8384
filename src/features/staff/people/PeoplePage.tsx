import type { Role } from '@contract/wire/common';
import type { PersonSummary } from '@contract/wire/people';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { api } from '@/api/http';
import { searchPeople } from '@/api/people';
import { InviteStaff } from '@/features/staff/people/InviteStaff';
import { formatDate } from '@/i18n/dates';
import { useLanguage } from '@/i18n/useLanguage';
import { paths } from '@/routing/paths';
import type { RouteView } from '@/routing/route-view';
import { button } from '@/ui/button';
import { Form, TextField } from '@/ui/forms';
import { PageTitle } from '@/ui/PageTitle';
import { Placeholder, ResourceView } from '@/ui/ResourceView';
import { useResource } from '@/ui/useResource';
import '@/features/staff/known-messages';
import { PageButtons } from '@/features/staff/PageButtons';
import { ROLE_LABELS } from './people-text';

const ROLES: readonly Role[] = ['TRAINEE', 'TRAINER', 'ADMIN'];

interface Search {
  q: string;
  role: Role | '';
  page: number;
}

/** The search as the address holds it (?q=&role=&page=), so that Back returns to the same list. */
function searchOf(text: string): Search {
  const params = new URLSearchParams(text);
  const role = params.get('role') ?? '';
  const page = Number(params.get('page'));
  return {
    q: params.get('q') ?? '',
    role: (ROLES as readonly string[]).includes(role) ? (role as Role) : '',
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

function PersonRow({ person }: { person: PersonSummary }) {
  const { t, i18n } = useLingui();
  const language = useLanguage();
  return (
    <li>
      <Link
        href={paths.staffPerson(person.id)}
        className="flex flex-col gap-1 rounded-2xl border border-slate-200 bg-white p-4 text-sm hover:border-brand-600 focus-visible:outline-2 focus-visible:outline-brand-700"
      >
        <span className="flex flex-wrap items-center gap-2">
          <bdi dir="auto" className="font-semibold text-slate-900">
            {person.full_name}
          </bdi>
          <span className="rounded bg-slate-100 px-1.5 text-xs text-slate-800">
            {i18n._(ROLE_LABELS[person.role])}
          </span>
          {person.disabled && (
            <span className="rounded bg-red-100 px-1.5 text-xs text-red-900">{t`Disabled`}</span>
          )}
        </span>
        <span className="text-slate-700">
          <bdi className="ltr-whole">{person.email}</bdi>
          {person.phone_number && (
            <>
              {' · '}
              <bdi className="ltr-whole">{person.phone_number}</bdi>
            </>
          )}
        </span>
        <span className="text-slate-600">{t`Joined ${formatDate(person.created_at, language)}`}</span>
      </Link>
    </li>
  );
}

function Results({ search, onPage }: { search: Search; onPage: (page: number) => void }) {
  const { t } = useLingui();
  const state = useResource(() =>
    searchPeople(api, { q: search.q, role: search.role || undefined, page: search.page }).then(
      (answer) => answer.data,
    ),
  );
  return (
    <div aria-live="polite" className="flex flex-col gap-4">
      <ResourceView
        state={state}
        loading={
          <ul className="flex flex-col gap-3">
            {['a', 'b', 'c'].map((slot) => (
              <li key={slot} className="flex flex-col gap-2 rounded-2xl border border-slate-200 bg-white p-4">
                <Placeholder className="h-5 w-48" />
                <Placeholder className="h-4 w-2/3" />
              </li>
            ))}
          </ul>
        }
      >
        {(data) =>
          data.results.length === 0 ? (
            <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-700">
              {t`Nobody matches this search.`}
            </p>
          ) : (
            <>
              <ul className="flex flex-col gap-3">
                {data.results.map((person) => (
                  <PersonRow key={person.id} person={person} />
                ))}
              </ul>
              <PageButtons
                page={data.page}
                pages={Math.max(1, Math.ceil(data.count / Math.max(1, data.limit)))}
                onSelect={onPage}
              />
            </>
          )
        }
      </ResourceView>
    </div>
  );
}

/** The back office's people: search by name, e-mail, phone or id number, filtered by role. */
export default function PeoplePage(_: RouteView) {
  const { t, i18n } = useLingui();
  const [, navigate] = useLocation();
  const text = useSearch();
  const search = searchOf(text);
  const [q, setQ] = useState(search.q);
  const [role, setRole] = useState<Role | ''>(search.role);
  const go = (next: Search) => navigate(paths.staffPeople({ q: next.q, role: next.role, page: next.page }));

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-8">
      <PageTitle>{t`People`}</PageTitle>
      <Form
        onSubmit={() => go({ q, role, page: 1 })}
        className="grid gap-4 rounded-2xl border border-slate-200 bg-white p-4 sm:grid-cols-3"
      >
        <TextField
          label={t`Name, e-mail, phone or id number`}
          name="q"
          type="search"
          value={q}
          onChange={(event) => setQ(event.target.value)}
        />
        <div className="flex flex-col gap-1.5">
          <label htmlFor="people-role" className="text-sm font-semibold text-slate-800">
            {t`Role`}
          </label>
          <select
            id="people-role"
            value={role}
            onChange={(event) => setRole(event.target.value as Role | '')}
            className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-slate-900"
          >
            <option value="">{t`All roles`}</option>
            {ROLES.map((value) => (
              <option key={value} value={value}>
                {i18n._(ROLE_LABELS[value])}
              </option>
            ))}
          </select>
        </div>
        <div className="flex items-end">
          <button type="submit" className={button('primary', 'md')}>
            {t`Search`}
          </button>
        </div>
      </Form>
      <Results key={text} search={search} onPage={(page) => go({ ...search, page })} />
      <InviteStaff />
    </div>
  );
}
