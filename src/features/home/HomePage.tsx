import { useLingui } from '@lingui/react/macro';
import { lazy, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { getBecomeTrainer, getHeroSection, getKeyBenefits } from '@/api/cms';
import { browseCourses, CATALOGUE_PAGE_SIZE } from '@/api/courses';
import { listEvents } from '@/api/events';
import { api } from '@/api/http';
import { CourseCard, CourseGridPlaceholder } from '@/entities/course/CourseCard';
import { CourseSearchForm } from '@/entities/course/CourseSearchForm';
import { formatDateRange } from '@/i18n/dates';
import { pick } from '@/i18n/pick';
import { useLanguage } from '@/i18n/useLanguage';
import { paths } from '@/routing/paths';
import type { RouteView } from '@/routing/route-view';
import { openDialog } from '@/stores/dialogs';
import { AfterPaint, Placeholder, PlaceholderGrid, ResourceView } from '@/ui/ResourceView';
import { useResource } from '@/ui/useResource';
import { type CarouselEvent, eventsInOrder, useCardsPerView } from './events';

// The request form at the bottom of the page (and its form machinery) loads after the first paint.
const RequestCourse = lazy(() => import('./RequestCourse'));

/** Spec section 9: the home page shows the first 8 courses of catalogue page 1 (limit 25). */
export const HOME_COURSES = 8;

/**
 * The largest paint of the home page: fetched first, never lazily, with its box (4:3) known before it
 * arrives. The seeded hero is an SVG, which fits every screen at under a kilobyte.
 */
function HeroImage({ src }: { src: string }) {
  return (
    <img
      src={src}
      alt=""
      width={640}
      height={420}
      fetchPriority="high"
      loading="eager"
      className="aspect-[4/3] h-auto w-full rounded-3xl object-cover shadow-2xl"
    />
  );
}

/** The hero's text column keeps the height its placeholder had, so nothing below it moves. */
const HERO_TEXT = 'flex min-h-72 flex-col justify-center gap-4 lg:min-h-0';

function Hero() {
  const { t } = useLingui();
  const language = useLanguage();
  const hero = useResource(() => getHeroSection(api));
  return (
    <section className="bg-gradient-to-b from-brand-900 to-brand-800 text-white">
      <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-14 lg:grid-cols-2 lg:py-20">
        {hero.status !== 'ready' && <h1 className="sr-only">{t`KFU Training Centre`}</h1>}
        <ResourceView
          state={hero}
          loading={
            <>
              <div className={HERO_TEXT}>
                <Placeholder className="h-5 w-48 bg-brand-700" />
                <Placeholder className="h-24 bg-brand-700" />
                <Placeholder className="h-14 bg-brand-700" />
              </div>
              <Placeholder className="aspect-[4/3] w-full rounded-3xl bg-brand-700" />
            </>
          }
        >
          {(data) => (
            <>
              <div className={HERO_TEXT}>
                <p className="text-sm font-semibold tracking-wide text-gold-400 uppercase">
                  {pick(data, 'brand_name', language)} · {pick(data, 'category', language)}
                </p>
                <h1 tabIndex={-1} className="text-4xl leading-tight font-bold outline-none lg:text-5xl">
                  {pick(data, 'slogan', language)}
                </h1>
                <p className="max-w-xl text-lg text-brand-100">{pick(data, 'description', language)}</p>
              </div>
              <HeroImage src={pick(data, 'image', language)} />
            </>
          )}
        </ResourceView>
      </div>
    </section>
  );
}

const COURSE_GRID = 'grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-4';

function BrowseCourses() {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  const courses = useResource(() => browseCourses(api, { page: 1, limit: CATALOGUE_PAGE_SIZE }));
  return (
    <section aria-labelledby="home-courses" className="mx-auto max-w-7xl px-4 py-14">
      <div className="mb-8 flex flex-wrap items-end justify-between gap-4">
        <h2 id="home-courses" className="text-3xl font-bold text-slate-900">
          {t`Browse our courses`}
        </h2>
        <CourseSearchForm
          className="w-full max-w-md"
          onSearch={(text) => text && navigate(paths.catalogue({ search: text }))}
        />
      </div>
      <ResourceView
        state={courses}
        loading={<CourseGridPlaceholder className={COURSE_GRID} count={HOME_COURSES} />}
      >
        {(page) =>
          page.results.length ? (
            <ul className={COURSE_GRID}>
              {page.results.slice(0, HOME_COURSES).map((course) => (
                <li key={course.id} className="flex min-w-0">
                  <CourseCard course={course} />
                </li>
              ))}
            </ul>
          ) : (
            <p className="rounded-xl bg-white p-6 text-center text-slate-600">{t`No data found`}</p>
          )
        }
      </ResourceView>
      <div className="mt-8 text-center">
        <Link
          href={paths.catalogue()}
          className="inline-block rounded-lg border border-brand-700 px-5 py-2.5 font-semibold text-brand-800 hover:bg-brand-50"
        >
          {t`View all`}
        </Link>
      </div>
    </section>
  );
}

function KeyBenefits() {
  const { t } = useLingui();
  const language = useLanguage();
  const benefits = useResource(() => getKeyBenefits(api));
  return (
    <section aria-labelledby="home-benefits" className="bg-white">
      <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-14 lg:grid-cols-2">
        <ResourceView state={benefits} loading={<Placeholder className="h-72" />}>
          {(data) => (
            <>
              <img
                src={data.key_benefits_of_trainee_image}
                alt=""
                width={640}
                height={420}
                loading="lazy"
                className="aspect-[32/21] h-auto w-full rounded-3xl object-cover"
              />
              <div>
                <h2 id="home-benefits" className="text-3xl font-bold text-slate-900">
                  {pick(data, 'key_benefits_of_trainee_title1', language)}{' '}
                  <span className="text-brand-700">
                    {pick(data, 'key_benefits_of_trainee_title2', language)}
                  </span>
                </h2>
                <ul className="mt-6 flex flex-col gap-3">
                  {data.features.map((feature) => (
                    <li key={feature.id} className="flex gap-3 text-slate-700">
                      <span aria-hidden="true" className="mt-1 size-2.5 shrink-0 rounded-full bg-gold-500" />
                      {pick(feature, 'feature', language)}
                    </li>
                  ))}
                </ul>
              </div>
            </>
          )}
        </ResourceView>
        {benefits.status !== 'ready' && (
          <h2 id="home-benefits" className="sr-only">
            {t`Key benefits for trainees`}
          </h2>
        )}
      </div>
    </section>
  );
}

function BecomeTrainer() {
  const { t } = useLingui();
  const language = useLanguage();
  const block = useResource(() => getBecomeTrainer(api));
  return (
    <section aria-labelledby="home-trainer" className="mx-auto max-w-7xl px-4 py-14">
      <div className="grid items-center gap-10 rounded-3xl bg-brand-50 p-8 lg:grid-cols-2 lg:p-12">
        <ResourceView state={block} loading={<Placeholder className="h-64" />}>
          {(data) => (
            <>
              <div>
                <h2 id="home-trainer" className="text-3xl font-bold text-slate-900">
                  {pick(data, 'title1', language)}{' '}
                  <span className="text-brand-700">{pick(data, 'title2', language)}</span>
                </h2>
                <p className="mt-4 text-slate-700">{pick(data, 'description', language)}</p>
                <ul className="mt-5 flex flex-col gap-2">
                  {data.features.map((feature) => (
                    <li key={feature.feature} className="flex gap-3 text-slate-700">
                      <span aria-hidden="true" className="text-brand-700">
                        ✓
                      </span>
                      {pick(feature, 'feature', language)}
                    </li>
                  ))}
                </ul>
                <button
                  type="button"
                  onClick={() => openDialog('trainerRegistration')}
                  className="mt-6 rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800"
                >
                  {t`Become a Trainer`}
                </button>
              </div>
              <img
                src={data.image}
                alt=""
                width={640}
                height={420}
                loading="lazy"
                className="aspect-[32/21] h-auto w-full rounded-2xl object-cover"
              />
            </>
          )}
        </ResourceView>
      </div>
    </section>
  );
}

/** The carousel's Previous or Next: at an end it stays focusable but says it is unavailable. */
function CarouselButton({
  direction,
  available,
  onMove,
}: {
  direction: 'previous' | 'next';
  available: boolean;
  onMove: () => void;
}) {
  const { t } = useLingui();
  const arrow = (
    <span aria-hidden="true" className="inline-block rtl:-scale-x-100">
      {direction === 'previous' ? '←' : '→'}
    </span>
  );
  return (
    <button
      type="button"
      aria-controls="home-events-list"
      aria-disabled={!available}
      onClick={() => available && onMove()}
      className="rounded-full border border-slate-300 px-4 py-2 font-semibold aria-disabled:cursor-not-allowed aria-disabled:opacity-40"
    >
      {direction === 'previous' ? (
        <>
          {arrow} {t`Previous`}
        </>
      ) : (
        <>
          {t`Next`} {arrow}
        </>
      )}
    </button>
  );
}

function EventCard({ event, ended }: CarouselEvent) {
  const { t } = useLingui();
  const language = useLanguage();
  return (
    <article
      className={`relative h-full overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm ${ended ? 'opacity-80' : ''}`}
    >
      <img
        src={event.image}
        alt=""
        width={480}
        height={270}
        className="aspect-[16/10] h-auto w-full object-cover"
        loading="lazy"
      />
      <div className="flex flex-col items-start gap-1.5 p-4">
        {ended && (
          <p className="rounded-full bg-slate-200 px-2.5 py-0.5 text-xs font-semibold text-slate-700">
            {t`Ended`}
          </p>
        )}
        <p className="text-sm text-brand-700">
          {formatDateRange(event.date_range.start, event.date_range.end, language)}
        </p>
        <h3 className="font-semibold wrap-anywhere text-slate-900">
          <Link dir="auto" href={paths.eventDetails(event.id)} className="after:absolute after:inset-0">
            {pick(event, 'title', language)}
          </Link>
        </h3>
      </div>
    </article>
  );
}

/**
 * Latest events: 4 at a time on wide screens, 3, 2 and 1 on smaller ones; events still to come
 * first, then those that have ended, marked so. Previous and Next stop at the ends.
 */
function LatestEvents() {
  const { t } = useLingui();
  const events = useResource(() => listEvents(api, { page: 1, limit: 12 }));
  const perView = useCardsPerView();
  const [start, setStart] = useState(0);
  const [now] = useState(() => Date.now());
  return (
    <section aria-labelledby="home-events" className="bg-white">
      <div className="mx-auto max-w-7xl px-4 py-14">
        <h2 id="home-events" className="mb-8 text-3xl font-bold text-slate-900">
          {t`Latest events`}
        </h2>
        <ResourceView state={events} loading={<PlaceholderGrid itemClassName="h-56" />}>
          {(page) => {
            const items = eventsInOrder(page.results, now);
            if (!items.length) return <p className="text-slate-600">{t`There are no active event`}</p>;
            const last = Math.max(0, items.length - perView);
            const first = Math.min(start, last);
            return (
              <div>
                <ul id="home-events-list" className="flex gap-6">
                  {items.slice(first, first + perView).map((item) => (
                    <li
                      key={item.event.id}
                      className="w-full min-w-0 shrink-0 sm:w-[calc((100%-1.5rem)/2)] md:w-[calc((100%-3rem)/3)] lg:w-[calc((100%-4.5rem)/4)]"
                    >
                      <EventCard {...item} />
                    </li>
                  ))}
                </ul>
                {items.length > perView && (
                  <div className="mt-6 flex justify-center gap-3">
                    <CarouselButton
                      direction="previous"
                      available={first > 0}
                      onMove={() => setStart(Math.max(0, first - 1))}
                    />
                    <CarouselButton
                      direction="next"
                      available={first < last}
                      onMove={() => setStart(Math.min(last, first + 1))}
                    />
                  </div>
                )}
              </div>
            );
          }}
        </ResourceView>
      </div>
    </section>
  );
}

export default function HomePage(_: RouteView) {
  return (
    <>
      <Hero />
      <BrowseCourses />
      <KeyBenefits />
      <BecomeTrainer />
      <LatestEvents />
      <AfterPaint fallback={<div className="min-h-[38rem]" />}>
        <RequestCourse />
      </AfterPaint>
    </>
  );
}
