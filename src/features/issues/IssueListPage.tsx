import type { IssueStatus } from '@contract/wire/issues';
import { useLingui } from '@lingui/react/macro';
import { Link, useLocation, useSearch } from 'wouter';
import { api } from '@/api/http';
import { getIssue, listIssues } from '@/api/issues';
import { formatDate } from '@/i18n/dates';
import { useLanguage } from '@/i18n/useLanguage';
import { paths } from '@/routing/paths';
import type { RouteView } from '@/routing/route-view';
import { Modal } from '@/ui/Modal';
import { Pager } from '@/ui/Pager';
import { PageTitle } from '@/ui/PageTitle';
import { pageCount } from '@/ui/pages';
import { Placeholder, ResourceView } from '@/ui/ResourceView';
import { useResource } from '@/ui/useResource';

export const ISSUES_PAGE_SIZE = 10;

function StatusBadge({ status }: { status: IssueStatus }) {
  const { t } = useLingui();
  return status === 'Resolved' ? (
    <span className="rounded-full bg-green-100 px-3 py-1 text-sm font-semibold text-green-800">{t`Resolved`}</span>
  ) : (
    <span className="rounded-full bg-amber-100 px-3 py-1 text-sm font-semibold text-amber-900">{t`Pending`}</span>
  );
}

function IssueDetail({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useLingui();
  const language = useLanguage();
  const issue = useResource(() => getIssue(api, id));
  return (
    <Modal title={issue.status === 'ready' ? issue.data.subject : t`Reported issue`} onClose={onClose} wide>
      <ResourceView state={issue} loading={<Placeholder className="h-40" />}>
        {(data) => (
          <dl className="grid gap-4">
            <div>
              <dt className="text-sm text-slate-500">{t`Status`}</dt>
              <dd className="mt-1">
                <StatusBadge status={data.status} />
              </dd>
            </div>
            <div>
              <dt className="text-sm text-slate-500">{t`Reported on`}</dt>
              <dd className="font-semibold text-slate-900">{formatDate(data.created_at, language)}</dd>
            </div>
            <div>
              <dt className="text-sm text-slate-500">{t`Name`}</dt>
              <dd dir="auto" className="font-semibold text-slate-900">
                {data.name}
              </dd>
            </div>
            <div>
              <dt className="text-sm text-slate-500">{t`Description`}</dt>
              <dd dir="auto" className="text-start whitespace-pre-line text-slate-800">
                {data.description}
              </dd>
            </div>
            {data.reply && (
              <div>
                <dt className="text-sm text-slate-500">{t`The centre's reply`}</dt>
                <dd dir="auto" className="text-start whitespace-pre-line text-slate-800">
                  {data.reply}
                </dd>
              </div>
            )}
          </dl>
        )}
      </ResourceView>
    </Modal>
  );
}

function positive(value: string | null): number | null {
  return value && /^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : null;
}

/** /issue-list: the signed-in user's reports, newest first; one opens in a dialog (`?issue=`). */
export default function IssueListPage({ title }: RouteView) {
  const { t, i18n } = useLingui();
  const [, navigate] = useLocation();
  const params = new URLSearchParams(useSearch());
  const page = positive(params.get('page')) ?? 1;
  const open = positive(params.get('issue'));
  const address = paths.issueList;
  return (
    <section className="mx-auto max-w-4xl px-4 py-14">
      <div className="mb-8 flex flex-wrap items-end justify-between gap-4">
        <PageTitle>{i18n._(title)}</PageTitle>
        <Link
          href={paths.reportIssue()}
          className="rounded-lg bg-brand-700 px-4 py-2.5 font-semibold text-white hover:bg-brand-800"
        >
          {t`Report an Issue`}
        </Link>
      </div>
      <IssuePage
        key={page}
        page={page}
        href={(next) => address({ page: next })}
        open={(id) => navigate(address({ page, issue: id }))}
      />
      {open && <IssueDetail key={open} id={open} onClose={() => navigate(address({ page }))} />}
    </section>
  );
}

function IssuePage({
  page,
  href,
  open,
}: {
  page: number;
  href: (page: number) => string;
  open: (id: number) => void;
}) {
  const { t } = useLingui();
  const language = useLanguage();
  const issues = useResource(() => listIssues(api, { page, limit: ISSUES_PAGE_SIZE }));
  return (
    <ResourceView state={issues} loading={<Placeholder className="h-48" />}>
      {(data) =>
        data.results.length ? (
          <>
            <ul className="flex flex-col gap-3">
              {data.results.map((issue) => (
                <li key={issue.id}>
                  <button
                    type="button"
                    onClick={() => open(issue.id)}
                    className="flex w-full flex-wrap items-center gap-3 rounded-xl border border-slate-200 bg-white p-4 text-start hover:border-brand-600"
                  >
                    <span className="min-w-0 flex-1">
                      <span dir="auto" className="block font-semibold text-slate-900">
                        {issue.subject}
                      </span>
                      <span className="block text-sm text-slate-500">
                        {formatDate(issue.created_at, language)}
                      </span>
                    </span>
                    <StatusBadge status={issue.status} />
                  </button>
                </li>
              ))}
            </ul>
            <Pager page={page} total={pageCount(data.count, ISSUES_PAGE_SIZE)} href={href} />
          </>
        ) : (
          <p className="rounded-xl bg-white p-8 text-center text-slate-600">{t`You have not reported any issue yet.`}</p>
        )
      }
    </ResourceView>
  );
}
