import type { AuthoringCourse } from '@contract/wire/authoring';
import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { useLingui } from '@lingui/react/macro';
import { connectCourseApproval } from '@machines/courseApproval.connect';
import { type ApprovalFacts, createCourseApprovalMachine } from '@machines/courseApproval.machine';
import { loaderOf } from '@machines/loader.machine';
import { useMachine } from '@xstate/react';
import { useCallback, useId, useState } from 'react';
import { Link, useParams } from 'wouter';
import { fromPromise } from 'xstate';
import { deleteCourse, getAuthoringCourse } from '@/api/authoring';
import { api } from '@/api/http';
import { CompletionSection } from '@/features/trainer/course/CompletionSection';
import { LecturePreview } from '@/features/trainer/course/LecturePreview';
import { RevisionNotice } from '@/features/trainer/course/RevisionNotice';
import { TrainerSidebar } from '@/features/trainer/course/TrainerSidebar';
import { RoleBadge, StatusBadge } from '@/features/trainer/shared/StatusBadge';
import { errorText } from '@/i18n/api-messages';
import { pick } from '@/i18n/pick';
import { useLanguage } from '@/i18n/useLanguage';
import { paths } from '@/routing/paths';
import type { RouteView } from '@/routing/route-view';
import { useLiveNotices } from '@/stores/live-notices';
import { Failure } from '@/ui/Failure';
import { CloseIcon } from '@/ui/icons';
import { NotFound } from '@/ui/NotFound';
import { PageTitle } from '@/ui/PageTitle';
import { Placeholder } from '@/ui/ResourceView';
import '@/features/trainer/known-messages';
import { button } from '@/ui/button';
import { useLoader } from '@/ui/useLoader';

/** The trainer's view of a course with the facts the lifecycle reads. */
type TrainerCourse = AuthoringCourse & ApprovalFacts;

async function loadCourse(courseId: number): Promise<TrainerCourse> {
  const answer = await getAuthoringCourse(api, courseId);
  return {
    ...answer,
    id: answer.course.id,
    status: answer.course.status,
    rejection_reason: answer.course.rejection_reason,
  };
}

const courseMachine = createCourseApprovalMachine<TrainerCourse>();

/** The course's status under its title: the admin's reason when rejected, the wait when pending. */
function StatusPanel({ course, reason }: { course: TrainerCourse; reason: string | null }) {
  const { t } = useLingui();
  if (course.status === 'Rejected') {
    return (
      <div role="status" className="flex flex-col items-start gap-3 rounded-xl bg-red-50 p-4 text-red-900">
        <p className="font-semibold">{t`The admin rejected this course.`}</p>
        {reason && (
          <div>
            <p className="font-semibold">{t`The admin's reason:`}</p>
            <p dir="auto" className="wrap-anywhere">
              {reason}
            </p>
          </div>
        )}
        {course.flags.can_edit && (
          <Link href={paths.editCourse(course.id)} className={button()}>
            {t`Edit course`}
          </Link>
        )}
      </div>
    );
  }
  if (course.status === 'Pending') {
    return (
      <div role="status" className="rounded-xl bg-amber-50 p-4 text-amber-900">
        <p className="font-semibold">{t`Waiting for the admin's approval`}</p>
        <p>{t`Classes, assignments and quizzes can be added once the admin approves the course.`}</p>
      </div>
    );
  }
  return null;
}

/** Below the lg breakpoint: the sidebar slides in from the start side, as the trainee's does. */
function SidebarDrawer({
  course,
  current,
  open,
  onClose,
}: {
  course: TrainerCourse;
  current: number | null;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const headingId = useId();
  return (
    <Dialog open={open} onClose={onClose} className="relative z-50 lg:hidden">
      <div className="fixed inset-0 bg-slate-900/40" aria-hidden="true" />
      <DialogPanel
        transition
        className="fixed inset-y-0 start-0 flex w-[22rem] max-w-[90vw] flex-col gap-4 overflow-y-auto bg-white p-4 shadow-xl transition duration-200 ease-out data-closed:-translate-x-full rtl:data-closed:translate-x-full"
      >
        <div className="flex items-center justify-between gap-3">
          <DialogTitle className="text-lg font-bold text-slate-900">{t`Course content`}</DialogTitle>
          <button
            type="button"
            onClick={onClose}
            className="rounded-lg p-2 text-slate-700 hover:bg-slate-100"
          >
            <CloseIcon className="size-5" />
            <span className="sr-only">{t`Close course content`}</span>
          </button>
        </div>
        <TrainerSidebar course={course} current={current} headingId={headingId} titled={false} />
      </DialogPanel>
    </Dialog>
  );
}

function Main({ course, lectureId }: { course: TrainerCourse; lectureId: number | null }) {
  const { t } = useLingui();
  const lectures = course.weeks.flatMap((week) => week.lectures);
  if (lectureId !== null) {
    if (!lectures.some((lecture) => lecture.id === lectureId)) {
      return (
        <div className="flex flex-col items-start gap-4 rounded-xl border border-slate-200 bg-white p-6">
          <p className="text-slate-700">{t`This lecture is not part of this course.`}</p>
          <Link href={paths.manageCourseLectures(course.id)} className={button()}>
            {t`Back to the course`}
          </Link>
        </div>
      );
    }
    return <LecturePreview key={lectureId} lectureId={lectureId} />;
  }
  if (lectures.length === 0) {
    return (
      <div className="flex flex-col items-start gap-4 rounded-xl border border-slate-200 bg-white p-6">
        <p className="text-slate-700">{t`This course has no lectures yet.`}</p>
        {course.flags.can_add_class && (
          <Link href={paths.addNewClass(course.id)} className={button()}>
            {t`Add New Class`}
          </Link>
        )}
      </div>
    );
  }
  return (
    <p className="rounded-xl border border-slate-200 bg-white p-6 text-slate-700">
      {t`Choose a lecture in the course content to see it as trainees will.`}
    </p>
  );
}

function TrainerCourse({
  courseId,
  lectureId,
  title,
}: {
  courseId: number;
  lectureId: number | null;
  title: string;
}) {
  const { t, i18n } = useLingui();
  const language = useLanguage();
  const sidebarHeading = useId();
  const [machine] = useState(() =>
    courseMachine.provide({
      actors: {
        loader: loaderOf(({ courseId }: { courseId: number }) => loadCourse(courseId)),
        load: fromPromise(({ input }) => loadCourse(input.courseId)),
        deleteCourse: fromPromise(({ input }) => deleteCourse(api, input.courseId)),
      },
    }),
  );
  const [snapshot, send] = useMachine(machine, { input: { courseId } });
  useLoader(snapshot.children.loader);
  const view = connectCourseApproval(snapshot, send);
  // The admin's decision arrives as a notice: the course is read again, and Add New Class appears.
  useLiveNotices(useCallback(() => send({ type: 'notice.arrived' }), [send]));
  // The drawer is open for the lecture shown when it was opened: choosing another one closes it.
  const [drawerFor, setDrawerFor] = useState<number | null | undefined>(undefined);
  const drawerOpen = drawerFor === lectureId;
  const closeDrawer = () => setDrawerFor(undefined);

  const back = (
    <p className="mb-2 text-sm">
      <Link href={paths.manageCourses()} className="font-semibold text-brand-800 hover:underline">
        {t`My courses`}
      </Link>
    </p>
  );

  if (view.phase === 'refused' || view.phase === 'deleted') {
    return (
      <section className="mx-auto max-w-3xl px-4 py-12">
        {back}
        <PageTitle className="mb-6">{title}</PageTitle>
        <div role="alert" className="flex flex-col items-start gap-4 rounded-xl bg-red-50 p-6 text-red-900">
          <p className="font-semibold">
            {view.phase === 'deleted' ? t`This course has been deleted.` : errorText(view.error, i18n)}
          </p>
          <Link href={paths.manageCourses()} className={button()}>
            {t`Go to My courses`}
          </Link>
        </div>
      </section>
    );
  }

  const course = view.course;
  return (
    <section className="mx-auto max-w-7xl px-4 py-8">
      {back}
      <div className="mb-6 flex flex-col gap-3">
        <PageTitle dir="auto" className="wrap-anywhere">
          {course ? pick(course.course, 'title', language) : title}
        </PageTitle>
        {course ? (
          <>
            <div className="flex flex-wrap items-center gap-2">
              <StatusBadge status={course.course.display_status} />
              <RoleBadge role={course.role} />
              {course.status !== 'Pending' && course.status !== 'Rejected' && (
                <div className="ms-auto flex flex-wrap gap-2">
                  <Link href={paths.studentAssignments(course.id)} className={button('secondary')}>
                    {t`Grading and statistics`}
                  </Link>
                  <Link
                    href={`${paths.manageClassAttendance()}?course=${course.id}`}
                    className={button('secondary')}
                  >
                    {t`Attendance`}
                  </Link>
                </div>
              )}
            </div>
            <StatusPanel course={course} reason={view.rejectionReason ?? course.rejection_reason} />
            {course.status === 'Approved' && <RevisionNotice revision={course.revision} />}
            {course.status !== 'Rejected' && (
              <CompletionSection courseId={course.id} onClosed={() => send({ type: 'notice.arrived' })} />
            )}
          </>
        ) : (
          <Placeholder className="h-8 w-28 rounded-full" />
        )}
      </div>
      {view.phase === 'failed' ? (
        <Failure error={view.error} retry={view.retry} className="rounded-xl bg-red-50 p-4 text-red-800" />
      ) : (
        <div className="grid gap-6 lg:grid-cols-[20rem_minmax(0,1fr)] lg:gap-10">
          <div className="hidden lg:block">
            {course ? (
              <div className="sticky top-24 max-h-[calc(100vh-12rem)] overflow-y-auto pe-1">
                <TrainerSidebar course={course} current={lectureId} headingId={sidebarHeading} />
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
              onClick={() => setDrawerFor(lectureId)}
              disabled={!course}
              aria-haspopup="dialog"
              className={`${button('secondary')} self-start lg:hidden`}
            >
              {t`Course content`}
            </button>
            {course ? (
              <Main course={course} lectureId={lectureId} />
            ) : (
              <div aria-busy="true" className="flex flex-col gap-4">
                <Placeholder className="h-8 w-2/3" />
                <Placeholder className="aspect-video w-full" />
              </div>
            )}
          </div>
        </div>
      )}
      {course && (
        <SidebarDrawer course={course} current={lectureId} open={drawerOpen} onClose={closeDrawer} />
      )}
    </section>
  );
}

/** /manage-courses/{courseId}/{lectureId?}: the trainer's view of a course (spec section 2, course sidebar). */
export default function TrainerCoursePage({ title }: RouteView) {
  const { t, i18n } = useLingui();
  const params = useParams<{ courseId: string; lectureId?: string }>();
  const courseId = Number(params.courseId);
  const lectureId = params.lectureId === undefined ? null : Number(params.lectureId);
  if (
    !Number.isInteger(courseId) ||
    courseId <= 0 ||
    (lectureId !== null && !(Number.isInteger(lectureId) && lectureId > 0))
  ) {
    return (
      <NotFound
        title={t`Course not found`}
        message={t`This address names no course or lecture.`}
        ways={[{ href: paths.manageCourses(), label: t`My courses` }]}
      />
    );
  }
  // Another course is another view.
  return <TrainerCourse key={courseId} courseId={courseId} lectureId={lectureId} title={i18n._(title)} />;
}
