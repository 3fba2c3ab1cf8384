import { useLingui } from '@lingui/react/macro';
import { getAboutPromotion, getAboutStory } from '@/api/cms';
import { api } from '@/api/http';
import { pick } from '@/i18n/pick';
import { useLanguage } from '@/i18n/useLanguage';
import type { RouteView } from '@/routing/route-view';
import { PageTitle } from '@/ui/PageTitle';
import { Placeholder, ResourceView } from '@/ui/ResourceView';
import { useResource } from '@/ui/useResource';

/** The CMS images are 640 × 420; their box is known before they arrive. */
const IMAGE = 'aspect-[32/21] h-auto w-full rounded-3xl object-cover';
/** The promotion's text keeps the height its placeholder had on phones, so the story below stays. */
const PROMOTION_TEXT = 'flex min-h-72 flex-col justify-center gap-4 lg:min-h-0';

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
          <ResourceView
            state={promotion}
            loading={
              <>
                <div className={PROMOTION_TEXT}>
                  <Placeholder className="h-5 w-24 bg-brand-800" />
                  <Placeholder className="h-20 bg-brand-800" />
                  <Placeholder className="h-24 bg-brand-800" />
                </div>
                <Placeholder className={`${IMAGE} bg-brand-800`} />
              </>
            }
          >
            {(data) => (
              <>
                <div className={PROMOTION_TEXT}>
                  <p className="text-sm font-semibold tracking-wide text-gold-400 uppercase">{t`About us`}</p>
                  <PageTitle className="text-4xl text-white">{pick(data, 'title', language)}</PageTitle>
                  <p className="text-xl text-brand-100">{pick(data, 'subtitle', language)}</p>
                  <p className="text-brand-100">{pick(data, 'description', language)}</p>
                </div>
                <img src={data.image} alt="" width={640} height={420} className={IMAGE} />
              </>
            )}
          </ResourceView>
        </div>
      </section>
      <section aria-labelledby="about-story" className="mx-auto max-w-7xl px-4 py-14">
        <ResourceView
          state={story}
          loading={
            <div className="grid items-center gap-10 lg:grid-cols-2">
              <Placeholder className={IMAGE} />
              <Placeholder className="h-40" />
            </div>
          }
        >
          {(data) => (
            <div className="grid items-center gap-10 lg:grid-cols-2">
              <img src={data.image} alt="" width={640} height={420} className={IMAGE} loading="lazy" />
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
