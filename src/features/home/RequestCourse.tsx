import { courseRequestFormSchema } from '@contract/forms/public';
import { useLingui } from '@lingui/react/macro';
import { requestCourse } from '@/api/cms';
import { api } from '@/api/http';
import { SubmissionForm } from '@/ui/SubmissionForm';

export const REQUEST_COURSE_ANCHOR = 'request-a-course';

/** The home page's request-a-course form (`/#request-a-course`; the shell scrolls to it). */
export default function RequestCourse() {
  const { t } = useLingui();

  return (
    <section
      id={REQUEST_COURSE_ANCHOR}
      aria-labelledby="home-request"
      className="mx-auto max-w-3xl px-4 py-14"
    >
      <h2 id="home-request" className="text-3xl font-bold text-slate-900">
        {t`Request a course`}
      </h2>
      <p className="mt-2 mb-6 text-slate-600">{t`Tell us which course you would like us to offer.`}</p>
      <SubmissionForm
        fields={[
          { name: 'full_name', label: t`Full name`, autoComplete: 'name' },
          { name: 'email', label: t`Email`, type: 'email', autoComplete: 'email' },
          { name: 'description', label: t`Which course would you like?`, multiline: true },
        ]}
        schema={courseRequestFormSchema}
        send={(values) => requestCourse(api, values)}
        sentText={t`Course Request is Successfully`}
        submitLabel={t`Send request`}
      />
    </section>
  );
}
