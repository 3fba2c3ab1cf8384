import { useLingui } from '@lingui/react/macro';
import { getAboutPromotion, getAboutStory } from '@/api/cms';
import { api } from '@/api/http';
import { pick } from '@/i18n/pick';
import { useLanguage } from '@/i18n/useLanguage';
import type { RouteView } from '@/routing/route-view';
import { PageTitle } from '@/ui/PageTitle';
import { Placeholder, ResourceView } from '@/ui/ResourceView';
import { useResource } from '@/ui/useResource';

/** About us: the promotion block and our story, both from the CMS. */
export default function AboutPage(_: RouteView) {
  const { t } = useLingui();
  const language = useLanguage();
  const promotion = useResource(() => getAboutPromotion(api));
  const story = useResource(() => getAboutStory(api));
  return (
    <>
      <section className="bg-brand-900 text-white">
        <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-14 lg:grid-cols-2">
          {promotion.status !== 'ready' && <PageTitle className="sr-only">{t`About us`}</PageTitle>}
          <ResourceView state={promotion} loading={<Placeholder className="h-56 bg-brand-800" />}>
            {(data) => (
              <>
                <div className="flex flex-col gap-4">
                  <p className="text-sm font-semibold tracking-wide text-gold-400 uppercase">{t`About us`}</p>
                  <PageTitle className="text-4xl text-white">{pick(data, 'title', language)}</PageTitle>
                  <p className="text-xl text-brand-100">{pick(data, 'subtitle', language)}</p>
                  <p className="text-brand-100">{pick(data, 'description', language)}</p>
                </div>
                <img src={data.image} alt="" className="w-full rounded-3xl object-cover" />
              </>
            )}
          </ResourceView>
        </div>
      </section>
      <section aria-labelledby="about-story" className="mx-auto max-w-7xl px-4 py-14">
        <ResourceView state={story} loading={<Placeholder className="h-56" />}>
          {(data) => (
            <div className="grid items-center gap-10 lg:grid-cols-2">
              <img src={data.image} alt="" className="w-full rounded-3xl object-cover" />
              <div>
                <h2 id="about-story" className="text-3xl font-bold text-slate-900">
                  {pick(data, 'title', language)}
                </h2>
                <p className="mt-4 leading-relaxed whitespace-pre-line text-slate-700">
                  {pick(data, 'description', language)}
                </p>
              </div>
            </div>
          )}
        </ResourceView>
      </section>
    </>
  );
}
