import { getInTouchFormSchema } from '@contract/forms/public';
import { useLingui } from '@lingui/react/macro';
import { getGetInTouchTitle, sendGetInTouch } from '@/api/cms';
import { api } from '@/api/http';
import { pick } from '@/i18n/pick';
import { useLanguage } from '@/i18n/useLanguage';
import type { RouteView } from '@/routing/route-view';
import { PageTitle } from '@/ui/PageTitle';
import { Placeholder, ResourceView } from '@/ui/ResourceView';
import { SubmissionForm } from '@/ui/SubmissionForm';
import { useResource } from '@/ui/useResource';

/** The heading block keeps one height while loading and after, so the form below stays. */
const HEADING = 'mb-8 min-h-30 sm:min-h-24';

/** Contact us: the get-in-touch heading from the CMS and the contact form. */
export default function ContactPage(_: RouteView) {
  const { t } = useLingui();
  const language = useLanguage();
  const title = useResource(() => getGetInTouchTitle(api));
  return (
    <section className="mx-auto max-w-3xl px-4 py-14">
      {title.status !== 'ready' && <PageTitle className="sr-only">{t`Contact us`}</PageTitle>}
      <ResourceView
        state={title}
        loading={
          <div className={HEADING}>
            <Placeholder className="h-10 w-3/4" />
            <Placeholder className="mt-3 h-12" />
          </div>
        }
      >
        {(data) => (
          <div className={HEADING}>
            <PageTitle>
              {pick(data, 'get_in_touch_title1', language)}{' '}
              <span className="text-brand-700">{pick(data, 'get_in_touch_title2', language)}</span>
            </PageTitle>
            <p className="mt-3 text-slate-600">{pick(data, 'get_in_touch_description', language)}</p>
          </div>
        )}
      </ResourceView>
      <SubmissionForm
        fields={[
          { name: 'full_name', label: t`Full name`, autoComplete: 'name' },
          { name: 'email', label: t`Email`, type: 'email', autoComplete: 'email' },
          { name: 'subject', label: t`Subject` },
          { name: 'description', label: t`Message`, multiline: true },
        ]}
        schema={getInTouchFormSchema}
        send={(values) => sendGetInTouch(api, values)}
        sentText={t`Request Sent Successfully`}
        submitLabel={t`Send message`}
      />
    </section>
  );
}
