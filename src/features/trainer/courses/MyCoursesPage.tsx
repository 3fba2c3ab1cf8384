import type { TrainerCourse } from '@contract/wire/authoring';
import { msg, plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { connectCourseApproval } from '@machines/courseApproval.connect';
import { createCourseApprovalMachine } from '@machines/courseApproval.machine';
import { loaderOf } from '@machines/loader.machine';
import { connectResource } from '@machines/resource.connect';
import { createResourceMachine } from '@machines/resource.machine';
import { useActorRef, useMachine, useSelector } from '@xstate/react';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { fromPromise } from 'xstate';
import { deleteCourse, listTrainerCourses } from '@/api/authoring';
import { ApiError } from '@/api/errors';
import { api } from '@/api/http';
import { DeleteCourseDialog } from '@/features/trainer/courses/DeleteCourseDialog';
import { RoleBadge, StatusBadge } from '@/features/trainer/shared/StatusBadge';
import { translateMessage } from '@/i18n/api-messages';
import { formatDateRange } from '@/i18n/dates';
import { isolate } from '@/i18n/isolate';
import { pick } from '@/i18n/pick';
import { useLanguage } from '@/i18n/useLanguage';
import { paths } from '@/routing/paths';
import type { RouteView } from '@/routing/route-view';
import { useLiveNotices } from '@/stores/live-notices';
import { showToast } from '@/stores/toasts';
import { Failure } from '@/ui/Failure';
import { PageTitle } from '@/ui/PageTitle';
import { Placeholder } from '@/ui/ResourceView';
import { useLoader } from '@/ui/useLoader';
import '@/features/trainer/known-messages';
import { CoverImage } from '@/entities/course/CoverImage';
import { button } from '@/ui/button';

const DANGER_LINK =
  'inline-flex items-center justify-center rounded-lg border border-red-200 bg-white px-3 py-1.5 text-sm font-semibold text-red-800 hover:bg-red-50';

/** The card's frame; the placeholder has the same one, so nothing moves when the list arrives. */
const CARD = 'flex min-w-0 flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm';
const GRID = 'grid gap-6 sm:grid-cols-2 xl:grid-cols-3';

/** The course's line in the list when read again after a notice, or a 404 when it is gone. */
async function loadOne(courseId: number): Promise<TrainerCourse> {
  const course = (await listTrainerCourses(api)).find((candidate) => candidate.id === courseId);
  if (!course) throw new ApiError('Not found', 'http', 404);
  return course;
}

/** The lifecycle of one card: its facts are the list's line. */
const cardMachine = createCourseApprovalMachine<TrainerCourse>();

function CourseCard({ course, onDeleted }: { course: TrainerCourse; onDeleted: () => void }) {
  const { t, i18n } = useLingui();
  const language = useLanguage();
  const [machine] = useState(() =>
    cardMachine.provide({
      actors: {
        loader: loaderOf(({ courseId }: { courseId: number }) => loadOne(courseId)),
        load: fromPromise(({ input }) => loadOne(input.courseId)),
        deleteCourse: fromPromise(({ input }) => deleteCourse(api, input.courseId)),
      },
      actions: {
        announceDeleted: (_, { message }) => {
          showToast(translateMessage(message, i18n));
          onDeleted();
        },
      },
    }),
  );
  const [snapshot, send] = useMachine(machine, { input: { courseId: course.id, course } });
  const view = connectCourseApproval(snapshot, send);
  // The list read again (a live notice): the lifecycle follows what the server says now.
  useEffect(() => {
    send({ type: 'course.loaded', course });
  }, [course, send]);

  if (view.phase === 'deleted') return null;
  const shown = view.course ?? course;
  const title = pick(shown, 'title', language);
  const counts = [
    i18n._(
      msg({
        message: plural(shown.enrolled_count, { one: '# trainee enrolled', other: '# trainees enrolled' }),
      }),
    ),
    i18n._(msg({ message: plural(shown.lecture_count, { one: '# lecture', other: '# lectures' }) })),
  ];
  return (
    <li className={CARD} data-course-id={shown.id}>
      <CoverImage
        src={shown.cover_image}
        shownAs="card"
        width={480}
        height={270}
        className="aspect-[16/9] h-auto w-full object-cover"
        loading="lazy"
      />
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="flex flex-wrap items-center gap-2">
          <StatusBadge status={shown.status} />
          <RoleBadge role={shown.role} />
        </div>
        <h2 dir="auto" className="line-clamp-2 min-h-12 text-lg font-semibold wrap-anywhere text-slate-900">
          {title}
        </h2>
        <p dir="auto" className="text-sm text-slate-600">
          {pick(shown.category, 'name', language)}
        </p>
        <p className="text-sm text-slate-700">
          {formatDateRange(shown.start_date, shown.end_date, language)}
        </p>
        <p className="text-sm text-slate-700">{counts.join(' · ')}</p>
        {view.rejectionReason && (
          <div className="rounded-xl bg-red-50 p-3 text-sm text-red-900">
            <p className="font-semibold">{t`The admin's reason:`}</p>
            <p dir="auto" className="wrap-anywhere">
              {view.rejectionReason}
            </p>
          </div>
        )}
        {shown.status === 'Pending' && (
          <p className="text-sm text-amber-900">{t`Waiting for the admin's approval`}</p>
        )}
        <div className="mt-auto flex flex-wrap gap-2 pt-2">
          <Link
            href={paths.manageCourseLectures(shown.id)}
            className={button('secondary', 'sm')}
            aria-label={t`Open ${title}`}
          >
            {t`Open`}
          </Link>
          {shown.flags.can_edit && (
            <Link
              href={paths.editCourse(shown.id)}
              className={button('secondary', 'sm')}
              aria-label={t`Edit ${title}`}
            >
              {t`Edit`}
            </Link>
          )}
          {shown.flags.can_delete && (
            <button
              type="button"
              onClick={view.askDelete}
              disabled={!view.canDelete}
              aria-haspopup="dialog"
              className={DANGER_LINK}
              aria-label={t`Delete ${title}`}
            >
              {t`Delete`}
            </button>
          )}
        </div>
      </div>
      <DeleteCourseDialog view={view} title={isolate(title)} />
    </li>
  );
}

function CardPlaceholder() {
  return (
    <li className={CARD}>
      <Placeholder className="aspect-[16/9] w-full rounded-none" />
      <div className="flex flex-col gap-3 p-4">
        <Placeholder className="h-8 w-28 rounded-full" />
        <Placeholder className="h-12" />
        <Placeholder className="h-5 w-1/2" />
        <Placeholder className="h-5 w-2/3" />
        <Placeholder className="h-5 w-3/4" />
        <Placeholder className="mt-2 h-8 w-2/3" />
      </div>
    </li>
  );
}

const listMachine = createResourceMachine<TrainerCourse[]>().provide({
  actors: { loader: loaderOf(() => listTrainerCourses(api)) },
});

/**
 * /manage-courses: the trainer's courses (those created and those facilitated), each with its
 * status, the admin's reason when rejected, and what the flags allow: open, edit, delete (asked
 * first). A live notice (the admin's decision) has the list read again, the cards staying on screen.
 */
export default function MyCoursesPage({ title }: RouteView) {
  const { t, i18n } = useLingui();
  const list = useActorRef(listMachine);
  const snapshot = useSelector(list, (state) => state);
  // A notice that arrives while the list is being read is kept, and read again once it has arrived:
  // the read in flight may have started before the admin's decision.
  const again = useRef(false);
  const reload = useCallback(() => {
    if (list.getSnapshot().matches('loading')) again.current = true;
    else list.send({ type: 'resource.reload' });
  }, [list]);
  useEffect(() => {
    const subscription = list.subscribe((state) => {
      if (!state.matches('ready') || !again.current) return;
      again.current = false;
      list.send({ type: 'resource.reload' });
    });
    return () => subscription.unsubscribe();
  }, [list]);
  useLiveNotices(reload);
  useLoader(snapshot.children.loader);
  const { data } = snapshot.context;
  const view = connectResource(snapshot);
  const busy = snapshot.matches('loading');

  let body: ReactNode;
  if (data !== undefined && view.status !== 'failed') {
    body = data.length ? (
      <ul className={GRID} aria-busy={busy || undefined}>
        {data.map((course) => (
          <CourseCard key={course.id} course={course} onDeleted={reload} />
        ))}
      </ul>
    ) : (
      <div className="flex flex-col items-start gap-4 rounded-2xl border border-slate-200 bg-white p-6">
        <p className="text-slate-700">{t`You have not created a course yet.`}</p>
        <Link href={paths.addNewCourse()} className={button()}>
          {t`Add New Course`}
        </Link>
      </div>
    );
  } else if (view.status === 'failed' || view.status === 'missing') {
    body = (
      <Failure
        error={view.error}
        retry={view.status === 'failed' ? view.retry : undefined}
        className="rounded-xl bg-red-50 p-4 text-red-800"
      />
    );
  } else {
    body = (
      <ul className={GRID} aria-busy="true">
        <CardPlaceholder />
        <CardPlaceholder />
        <CardPlaceholder />
      </ul>
    );
  }

  return (
    <section className="mx-auto max-w-7xl px-4 py-12">
      <div className="mb-8 flex flex-wrap items-center justify-between gap-4">
        <PageTitle>{i18n._(title)}</PageTitle>
        <Link href={paths.addNewCourse()} className={button()}>
          {t`Add New Course`}
        </Link>
      </div>
      {body}
    </section>
  );
}
