import { lectureKind } from '@contract/domain/learning';
import { useLingui } from '@lingui/react/macro';
import type { ClassFormView } from '@machines/classForm.connect';
import { useId, useState } from 'react';
import { Link, useParams } from 'wouter';
import { LectureIcon } from '@/features/learning/lecture-icons';
import { pick } from '@/i18n/pick';
import { useLanguage } from '@/i18n/useLanguage';
import { paths } from '@/routing/paths';
import type { RouteView } from '@/routing/route-view';
import { button } from '@/ui/button';
import { ChevronDownIcon } from '@/ui/icons';
import { PageTitle } from '@/ui/PageTitle';
import { Placeholder } from '@/ui/ResourceView';
import { courseIdOf } from './AddClassFormPage';
import { ClassFormBody, useClassForm } from './ClassFormFlow';

/**
 * The course's classes (spec section 2, edit-lecture): by week, each editable one linking to its
 * /edit-lecture/{id}, the open one the current page, and Add New Class. On a phone it folds
 * above the form.
 */
function LectureSidebar({ view }: { view: ClassFormView }) {
  const { t } = useLingui();
  const language = useLanguage();
  const id = useId();
  const [open, setOpen] = useState(false);
  const course = view.course;
  if (!course) {
    return (
      <div aria-busy="true" className="flex flex-col gap-3">
        <Placeholder className="h-11 w-full" />
        <Placeholder className="hidden h-64 w-full lg:block" />
      </div>
    );
  }
  const courseId = course.course.id;
  return (
    <nav aria-labelledby={`${id}-title`} className="flex flex-col gap-3">
      <div className="flex items-center justify-between gap-2 rounded-xl bg-slate-50 p-3">
        <h2 id={`${id}-title`} className="font-semibold text-slate-900">
          {t`Course classes`}
        </h2>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={`${id}-list`}
          onClick={() => setOpen(!open)}
          className="inline-flex items-center gap-1 rounded-lg px-2 py-1 text-sm font-semibold text-brand-800 hover:bg-white lg:hidden"
        >
          {open ? t`Hide` : t`Show`}
          <ChevronDownIcon className={`size-4 ${open ? 'rotate-180' : ''}`} />
        </button>
      </div>
      <div id={`${id}-list`} className={`${open ? 'flex' : 'hidden'} flex-col gap-4 lg:flex`}>
        {course.flags.can_add_class && (
          <Link href={paths.addNewClass(courseId)} className={button()}>
            {t`Add New Class`}
          </Link>
        )}
        {course.weeks.map((week) => (
          <section key={week.week} aria-labelledby={`${id}-week-${week.week}`}>
            <h3
              dir="auto"
              id={`${id}-week-${week.week}`}
              className="mb-1 px-3 text-sm font-bold text-slate-600"
            >
              {pick(week, 'title', language)}
            </h3>
            {week.lectures.length === 0 ? (
              <p className="px-3 text-sm text-slate-500">{t`No classes this week yet.`}</p>
            ) : (
              <ul className="flex flex-col gap-1">
                {week.lectures.map((lecture) => {
                  const current = lecture.id === view.lectureId;
                  const kind = lectureKind(lecture);
                  const body = (
                    <>
                      <LectureIcon
                        kind={kind}
                        aria-hidden="true"
                        className={`mt-0.5 size-5 shrink-0 ${current ? 'text-brand-700' : 'text-slate-500'}`}
                      />
                      <span dir="auto" className="min-w-0 flex-1 wrap-anywhere">
                        {pick(lecture, 'title', language)}
                      </span>
                    </>
                  );
                  return (
                    <li key={lecture.id}>
                      {lecture.editable ? (
                        <Link
                          href={paths.editLecture(lecture.id)}
                          aria-current={current ? 'page' : undefined}
                          className={`flex items-start gap-3 rounded-lg px-3 py-2 ${
                            current
                              ? 'bg-brand-50 font-semibold text-brand-900 ring-1 ring-brand-200'
                              : 'text-slate-800 hover:bg-slate-100'
                          }`}
                        >
                          {body}
                        </Link>
                      ) : (
                        <span className="flex items-start gap-3 px-3 py-2 text-slate-600">{body}</span>
                      )}
                    </li>
                  );
                })}
              </ul>
            )}
          </section>
        ))}
      </div>
    </nav>
  );
}

function EditLecture({ title, lectureId }: RouteView & { lectureId: number | null }) {
  const { t, i18n } = useLingui();
  const { view, formRef } = useClassForm({
    mode: 'edit',
    classType: 'Class',
    courseId: null,
    lectureId: lectureId ?? 0,
  });
  const courseId = view.course?.course.id ?? null;
  const close =
    courseId === null ? null : (
      <Link href={paths.studentAssignments(courseId)} className={button('secondary')}>
        {t`Close`}
      </Link>
    );
  return (
    <section className="mx-auto max-w-6xl px-4 py-10 sm:py-14">
      <PageTitle className="mb-6">{i18n._(title)}</PageTitle>
      <div className="grid gap-6 lg:grid-cols-[18rem_minmax(0,1fr)] lg:gap-10">
        <div className="min-w-0">
          {view.step === 'failed' || view.step === 'missing' ? null : <LectureSidebar view={view} />}
        </div>
        <div className="min-w-0">
          <ClassFormBody view={view} formRef={formRef} actions={close} />
        </div>
      </div>
    </section>
  );
}

/**
 * Edit lecture (/edit-lecture/{id}, spec section 2): the course's classes beside the form; the
 * class-type select switches the Class, Assignment or Quiz form (not once trainees have handed in
 * work); Save saves it (PUT /course/class-create/{id}/; the spec's Save did nothing); Close
 * returns to /student-assignment/{courseId}.
 */
export default function EditLecturePage({ title }: RouteView) {
  const { id } = useParams<{ id: string }>();
  const lectureId = courseIdOf(id);
  return <EditLecture key={lectureId ?? 'none'} title={title} lectureId={lectureId} />;
}
