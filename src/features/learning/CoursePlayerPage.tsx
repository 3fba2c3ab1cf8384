import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { useLingui } from '@lingui/react/macro';
import type { CoursePlayerView, Sidebar } from '@machines/coursePlayer.connect';
import type { LectureTarget } from '@machines/coursePlayer.machine';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { Link, useParams } from 'wouter';
import { errorText } from '@/i18n/api-messages';
import { pick } from '@/i18n/pick';
import { useLanguage } from '@/i18n/useLanguage';
import { paths } from '@/routing/paths';
import type { RouteView } from '@/routing/route-view';
import { Failure } from '@/ui/Failure';
import { CloseIcon } from '@/ui/icons';
import { NotFound } from '@/ui/NotFound';
import { PageTitle } from '@/ui/PageTitle';
import { Placeholder } from '@/ui/ResourceView';
import { CourseSidebar } from './CourseSidebar';
import { useCoursePlayer } from './coursePlayer.live';
import { GradesView } from './GradesView';
import { targetOfParam } from './learning-text';
import { DirectionArrow } from './lecture-icons';
import type { LectureViewProps } from './lecture-view';
import { PdfLecture } from './lectures/PdfLecture';
import { ReadLecture } from './lectures/ReadLecture';
import { VideoLecture } from './lectures/VideoLecture';
import './known-messages';
import { button } from '@/ui/button';

// The quiz, assignment and survey views carry their own flows: they load when such a lecture opens.
const QuizLecture = lazy(() =>
  import('./quiz/QuizLecture').then((module) => ({ default: module.QuizLecture })),
);
const AssignmentLecture = lazy(() =>
  import('./assignment/AssignmentLecture').then((module) => ({ default: module.AssignmentLecture })),
);
const SurveyLecture = lazy(() =>
  import('./survey/SurveyLecture').then((module) => ({ default: module.SurveyLecture })),
);

function LectureBody({ view, courseId }: { view: CoursePlayerView; courseId: number }) {
  const { t } = useLingui();
  const { main } = view;
  switch (main.status) {
    case 'loading':
      return (
        <div aria-busy="true" className="flex flex-col gap-4">
          <Placeholder className="h-8 w-2/3" />
          <Placeholder className="aspect-video w-full" />
        </div>
      );
    case 'failed':
      return (
        <Failure error={main.error} retry={main.retry} className="rounded-xl bg-red-50 p-4 text-red-800" />
      );
    case 'refused':
      return <Refused error={main.error} />;
    case 'missing':
      return (
        <div className="flex flex-col items-start gap-4 rounded-xl border border-slate-200 bg-white p-6">
          <p className="text-slate-700">{t`This lecture is not part of this course.`}</p>
          <Link href={paths.courseLectures(courseId)} className={button()}>
            {t`Go to the course's first lecture`}
          </Link>
        </div>
      );
    case 'empty':
      return (
        <p className="rounded-xl border border-slate-200 bg-white p-6 text-slate-700">
          {t`This course has no lectures yet.`}
        </p>
      );
    case 'grades':
      return <GradesView courseId={courseId} />;
    case 'lecture': {
      const props: LectureViewProps = { lecture: main.lecture, onChanged: view.changed };
      const loading = <Placeholder className="h-64" />;
      switch (main.kind) {
        case 'read':
          return <ReadLecture key={main.lecture.id} {...props} />;
        case 'video':
          return <VideoLecture key={main.lecture.id} {...props} />;
        case 'pdf':
          return <PdfLecture key={main.lecture.id} {...props} />;
        case 'quiz':
          return (
            <Suspense fallback={loading}>
              <QuizLecture key={main.lecture.id} {...props} />
            </Suspense>
          );
        case 'assignment':
          return (
            <Suspense fallback={loading}>
              <AssignmentLecture key={main.lecture.id} {...props} />
            </Suspense>
          );
        case 'survey':
          return (
            <Suspense fallback={loading}>
              <SurveyLecture key={main.lecture.id} {...props} />
            </Suspense>
          );
        case 'grades':
          return <GradesView courseId={courseId} />;
      }
    }
  }
}

/** 403: not enrolled, or withdrawn. The sentence, and the way to the enrolled courses. */
function Refused({ error }: { error: unknown }) {
  const { t, i18n } = useLingui();
  return (
    <div role="alert" className="flex flex-col items-start gap-4 rounded-xl bg-red-50 p-6 text-red-900">
      <p className="font-semibold">{errorText(error, i18n)}</p>
      <Link href={paths.enrolledCourses()} className={button()}>
        {t`Go to your enrolled courses`}
      </Link>
    </div>
  );
}

function titleOf(
  sidebar: Sidebar | null,
  target: LectureTarget | null,
  language: 'en' | 'ar',
): string | null {
  if (!sidebar || target === null) return null;
  for (const week of sidebar.weeks) {
    const item = week.items.find((candidate) => candidate.target === target);
    if (item) return pick(item, 'title', language);
  }
  return null;
}

/** Previous and Next: links, with the arrows following the reading direction. */
function PreviousNext({ view, courseId }: { view: CoursePlayerView; courseId: number }) {
  const { t } = useLingui();
  const language = useLanguage();
  const link = (target: LectureTarget | null, next: boolean) => {
    if (target === null) return <span className="hidden sm:block sm:flex-1" />;
    const title = titleOf(view.sidebar, target, language);
    return (
      <Link
        href={paths.courseLectures(courseId, target)}
        rel={next ? 'next' : 'prev'}
        className={`flex min-w-0 flex-1 items-center gap-3 rounded-xl border border-slate-200 bg-white p-3 hover:border-brand-300 hover:bg-brand-50 ${
          next ? 'justify-end text-end' : ''
        }`}
      >
        {!next && <DirectionArrow next={false} className="size-5 shrink-0 text-brand-700" />}
        <span className="min-w-0">
          <span className="block font-semibold text-brand-800">{next ? t`Next` : t`Previous`}</span>
          {title && (
            <span dir="auto" className="block truncate text-sm text-slate-600">
              {title}
            </span>
          )}
        </span>
        {next && <DirectionArrow next className="size-5 shrink-0 text-brand-700" />}
      </Link>
    );
  };
  // Shown with the lecture, below it: while a lecture loads its height is not known yet.
  if (view.main.status !== 'lecture' && view.main.status !== 'grades') return null;
  if (view.previous === null && view.next === null) return null;
  return (
    <nav aria-label={t`Lectures`} className="flex flex-col gap-3 sm:flex-row">
      {link(view.previous, false)}
      {link(view.next, true)}
    </nav>
  );
}

/** Below the lg breakpoint: the sidebar slides in from the start side. */
function SidebarDrawer({ view }: { view: CoursePlayerView }) {
  const { t } = useLingui();
  const headingId = useId();
  if (!view.sidebar) return null;
  return (
    <Dialog open={view.drawerOpen} onClose={view.closeDrawer} className="relative z-50 lg:hidden">
      <div className="fixed inset-0 bg-slate-900/40" aria-hidden="true" />
      <DialogPanel
        transition
        className="fixed inset-y-0 start-0 flex w-[22rem] max-w-[90vw] flex-col gap-4 overflow-y-auto bg-white p-4 shadow-xl transition duration-200 ease-out data-closed:-translate-x-full rtl:data-closed:translate-x-full"
      >
        <div className="flex items-center justify-between gap-3">
          <DialogTitle className="text-lg font-bold text-slate-900">{t`Course content`}</DialogTitle>
          <button
            type="button"
            onClick={view.closeDrawer}
            className="rounded-lg p-2 text-slate-700 hover:bg-slate-100"
          >
            <CloseIcon className="size-5" />
            <span className="sr-only">{t`Close course content`}</span>
          </button>
        </div>
        <CourseSidebar sidebar={view.sidebar} headingId={headingId} titled={false} />
      </DialogPanel>
    </Dialog>
  );
}

function CoursePlayer({
  courseId,
  target,
  title,
}: {
  courseId: number;
  target: LectureTarget | null;
  title: string;
}) {
  const { t } = useLingui();
  const language = useLanguage();
  const sidebarHeading = useId();
  const { view, send } = useCoursePlayer(courseId, target);

  // The address is what is open: a link, Previous / Next or Back changes it, and the player follows.
  const opened = useRef(target);
  const [moved, setMoved] = useState(false);
  useEffect(() => {
    if (opened.current === target) return;
    opened.current = target;
    setMoved(true);
    send({ type: 'lecture.open', target });
  }, [target, send]);

  // After moving to another lecture, focus goes to its title, as a new page's would.
  const shown = view.main.status === 'lecture' || view.main.status === 'grades' ? view.current : null;
  useEffect(() => {
    if (!moved || shown === null) return;
    document.querySelector<HTMLElement>('[data-lecture-title]')?.focus({ preventScroll: false });
  }, [moved, shown]);

  // The sidebar beside the lecture scrolls on its own: it keeps the current lecture in view.
  const sidebarBox = useRef<HTMLDivElement>(null);
  const hasSidebar = view.sidebar !== null;
  useEffect(() => {
    const box = sidebarBox.current;
    const item = box?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!box || !item || view.current === null || !hasSidebar) return;
    const top = item.offsetTop;
    const bottom = top + item.offsetHeight;
    if (top < box.scrollTop || bottom > box.scrollTop + box.clientHeight) {
      box.scrollTop = top - (box.clientHeight - item.offsetHeight) / 2;
    }
  }, [view.current, hasSidebar]);

  if (view.main.status === 'missing' && view.main.what === 'course') {
    return (
      <NotFound
        title={t`Course not found`}
        message={t`This course does not exist.`}
        ways={[
          { href: paths.ongoingCourses(), label: t`Ongoing Courses` },
          { href: paths.enrolledCourses(), label: t`Enrolled Courses` },
        ]}
      />
    );
  }

  const { sidebar } = view;
  return (
    <section className="mx-auto max-w-7xl px-4 py-8">
      <p className="mb-2 text-sm">
        <Link href={paths.ongoingCourses()} className="font-semibold text-brand-800 hover:underline">
          {t`Ongoing Courses`}
        </Link>
      </p>
      <PageTitle dir="auto" className="mb-6 wrap-anywhere">
        {sidebar ? pick(sidebar.course, 'title', language) : title}
      </PageTitle>
      {!sidebar && view.main.status === 'refused' ? (
        <Refused error={view.main.error} />
      ) : !sidebar && view.main.status === 'failed' ? (
        <Failure
          error={view.main.error}
          retry={view.main.retry}
          className="rounded-xl bg-red-50 p-4 text-red-800"
        />
      ) : (
        <div className="grid gap-6 lg:grid-cols-[20rem_minmax(0,1fr)] lg:gap-10">
          <div className="hidden lg:block">
            {sidebar ? (
              <div ref={sidebarBox} className="sticky top-24 max-h-[calc(100vh-12rem)] overflow-y-auto pe-1">
                <CourseSidebar sidebar={sidebar} headingId={sidebarHeading} />
              </div>
            ) : (
              <div aria-busy="true" className="flex flex-col gap-3">
                <Placeholder className="h-24" />
                <Placeholder className="h-96" />
              </div>
            )}
          </div>
          <div className="flex min-w-0 flex-col gap-6">
            <button
              type="button"
              onClick={view.openDrawer}
              disabled={!sidebar}
              aria-haspopup="dialog"
              className={`${button('secondary')} self-start lg:hidden`}
            >
              {t`Course content`}
            </button>
            <LectureBody view={view} courseId={courseId} />
            <PreviousNext view={view} courseId={courseId} />
          </div>
        </div>
      )}
      <SidebarDrawer view={view} />
    </section>
  );
}

/** /ongoing-courses/{courseId}/{lectureId?}: the course player (spec section 2, course sidebar). */
export default function CoursePlayerPage({ title }: RouteView) {
  const { t, i18n } = useLingui();
  const params = useParams<{ courseId: string; lectureId?: string }>();
  const courseId = Number(params.courseId);
  const target = targetOfParam(params.lectureId);
  if (!Number.isInteger(courseId) || courseId <= 0 || target === undefined) {
    return (
      <NotFound
        title={t`Lecture not found`}
        message={t`This address names no course or lecture.`}
        ways={[{ href: paths.ongoingCourses(), label: t`Ongoing Courses` }]}
      />
    );
  }
  // Another course is another player.
  return <CoursePlayer key={courseId} courseId={courseId} target={target} title={i18n._(title)} />;
}
