import { issueReportFormSchema } from '@contract/forms/public';
import { useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { api } from '@/api/http';
import { reportIssue } from '@/api/issues';
import { paths } from '@/routing/paths';
import type { RouteView } from '@/routing/route-view';
import { useSignedIn } from '@/session';
import { onSignInDismissed } from '@/session/sign-in';
import { askToSignIn } from '@/stores/dialogs';
import { PageTitle } from '@/ui/PageTitle';
import { SubmissionForm } from '@/ui/SubmissionForm';

/**
 * /report-an-issue: anyone can write a report; sending needs sign-in, so a signed-out visitor is
 * asked to sign in and finds what they typed still there.
 */
export default function ReportIssuePage({ title }: RouteView) {
  const { t, i18n } = useLingui();
  const signedIn = useSignedIn();
  return (
    <section className="mx-auto max-w-3xl px-4 py-14">
      <PageTitle>{i18n._(title)}</PageTitle>
      <p className="mt-3 mb-8 text-slate-600">
        {t`Tell us what went wrong and our support team will look into it.`}{' '}
        {signedIn ? (
          <Link href={paths.issueList()} className="font-semibold text-brand-800 underline">
            {t`See my reported issues`}
          </Link>
        ) : (
          t`You will be asked to log in before the report is sent.`
        )}
      </p>
      <SubmissionForm
        fields={[
          { name: 'name', label: t`Name`, autoComplete: 'name' },
          { name: 'subject', label: t`Subject` },
          { name: 'description', label: t`Description`, multiline: true },
        ]}
        schema={issueReportFormSchema}
        send={(values) => reportIssue(api, values)}
        sentText={t`Your report has been sent`}
        submitLabel={t`Send report`}
        requiresSignIn
        signedIn={signedIn}
        askToSignIn={askToSignIn}
        onSignInDismissed={onSignInDismissed}
        draftKey="report-an-issue-draft"
      />
    </section>
  );
}
