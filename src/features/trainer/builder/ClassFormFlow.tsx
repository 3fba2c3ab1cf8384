import { AUTHORING_VALIDATION, type BuilderClassType } from '@contract/forms/authoring';
import { AUTHORING_MESSAGES } from '@contract/messages/authoring';
import { Trans, useLingui } from '@lingui/react/macro';
import { type ClassFormView, connectClassForm } from '@machines/classForm.connect';
import { type ClassFormInput, classFormMachine, type LoadInput } from '@machines/classForm.machine';
import { loaderOf } from '@machines/loader.machine';
import { useMachine } from '@xstate/react';
import { type ReactNode, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { fromPromise } from 'xstate';
import {
  createClass,
  getAuthoringCourse,
  getClass,
  listClassTypes,
  listTrainerCourses,
  updateClass,
} from '@/api/authoring';
import { api } from '@/api/http';
import { UploadWidget } from '@/features/trainer/shared/UploadWidget';
import { translateMessage } from '@/i18n/api-messages';
import { pick } from '@/i18n/pick';
import { useLanguage } from '@/i18n/useLanguage';
import { paths } from '@/routing/paths';
import { showToast } from '@/stores/toasts';
import { SelectField } from '@/ui/choice-fields';
import { Failure } from '@/ui/Failure';
import { AlertBox, Form, focusFirstInvalid, SubmitButton, TextAreaField, TextField } from '@/ui/forms';
import { Placeholder } from '@/ui/ResourceView';
import { useLoader } from '@/ui/useLoader';
import { QuizQuestions } from './QuizQuestions';
import '@/features/trainer/known-messages';

const LINK_BUTTON =
  'inline-flex items-center justify-center rounded-lg border border-slate-300 bg-white px-4 py-2.5 font-semibold text-slate-800 hover:bg-slate-50';

/**
 * The class form's machine with its calls: the class types, the course's sidebar and (editing)
 * the lecture; saving by POST or PUT /course/class-create/; the toast and the course view after.
 */
export function useClassForm(input: ClassFormInput): {
  view: ClassFormView;
  formRef: React.RefObject<HTMLFormElement | null>;
} {
  const { i18n } = useLingui();
  const [location, navigate] = useLocation();
  const formRef = useRef<HTMLFormElement>(null);
  const here = useRef(location);
  here.current = location;
  const [machine] = useState(() =>
    classFormMachine.provide({
      actors: {
        coursesLoader: loaderOf(() => listTrainerCourses(api)),
        loader: loaderOf(async ({ courseId, lectureId }: LoadInput) => {
          const types = listClassTypes(api);
          const record = lectureId === null ? null : await getClass(api, lectureId);
          const course = await getAuthoringCourse(api, record?.course ?? courseId ?? 0);
          return { classTypes: await types, course, record };
        }),
        save: fromPromise(({ input: { lectureId, input: payload } }) =>
          lectureId === null ? createClass(api, payload) : updateClass(api, lectureId, payload),
        ),
      },
      actions: {
        courseChosen: (_, { courseId }) =>
          navigate(`${here.current.split('?')[0]}?course=${courseId}`, { replace: true }),
        focusFirstInvalid: () => focusFirstInvalid(formRef.current),
        announceSaved: (_, { message }) => showToast(translateMessage(message, i18n)),
        goToCourse: (_, { courseId, lectureId }) => navigate(paths.manageCourseLectures(courseId, lectureId)),
      },
    }),
  );
  const [state, send] = useMachine(machine, { input });
  useLoader(state.children.coursesLoader ?? state.children.loader);
  return { view: connectClassForm(state, send), formRef };
}

/** The form's skeleton: the size of the fields that arrive. */
export function FormPlaceholder() {
  return (
    <div aria-busy="true" className="flex flex-col gap-5">
      <Placeholder className="h-5 w-1/2" />
      <Placeholder className="h-[4.5rem] w-full" />
      <Placeholder className="h-32 w-full" />
      <Placeholder className="h-[4.5rem] w-full" />
      <Placeholder className="h-28 w-full" />
    </div>
  );
}

function CourseChooser({ view }: { view: ClassFormView }) {
  const { t } = useLingui();
  const language = useLanguage();
  const [chosen, setChosen] = useState('');
  const [missing, setMissing] = useState(false);
  const { courseChoice } = view;
  if (courseChoice.status === 'loading') return <FormPlaceholder />;
  if (courseChoice.status === 'failed') {
    return (
      <Failure error={view.error} retry={view.retry} className="rounded-xl bg-red-50 p-4 text-red-800" />
    );
  }
  if (courseChoice.courses.length === 0) {
    return (
      <div className="flex flex-col items-start gap-4 rounded-xl border border-slate-200 bg-white p-6">
        <p className="text-slate-700">
          {t`You have no approved course yet. Classes, assignments and quizzes can be added once the admin approves a course.`}
        </p>
        <Link href={paths.manageCourses()} className={LINK_BUTTON}>
          {t`My courses`}
        </Link>
      </div>
    );
  }
  return (
    <Form
      onSubmit={() => {
        if (chosen) courseChoice.choose(Number(chosen));
        else setMissing(true);
      }}
      className="flex max-w-xl flex-col gap-4 rounded-xl border border-slate-200 bg-white p-6"
    >
      <SelectField
        label={t`Course`}
        value={chosen}
        error={missing ? AUTHORING_VALIDATION.courseRequired : null}
        hint={t`Which of your approved courses is this for?`}
        onChange={(event) => {
          setChosen(event.target.value);
          setMissing(false);
        }}
        empty={t`Choose a course`}
        options={courseChoice.courses.map((course) => ({
          value: String(course.id),
          label: pick(course, 'title', language),
        }))}
      />
      <div>
        <SubmitButton>{t`Continue`}</SubmitButton>
      </div>
    </Form>
  );
}

const TYPE_LABELS = {
  Class: 'Class',
  Assignment: 'Assignment',
  Quiz: 'Quiz',
} as const;

/**
 * The class, assignment or quiz form as the machine shows it: the course chooser, the skeleton,
 * the reason it cannot load, the course that is not approved yet, or the fields. `actions` is put
 * beside Save (Close on the edit-lecture screen).
 */
export function ClassFormBody({
  view,
  formRef,
  actions,
}: {
  view: ClassFormView;
  formRef: React.RefObject<HTMLFormElement | null>;
  actions?: ReactNode;
}) {
  const { t, i18n } = useLingui();
  const language = useLanguage();
  switch (view.step) {
    case 'choosingCourse':
      return <CourseChooser view={view} />;
    case 'loading':
      return <FormPlaceholder />;
    case 'failed':
      return (
        <Failure error={view.error} retry={view.retry} className="rounded-xl bg-red-50 p-4 text-red-800" />
      );
    case 'missing':
      return (
        <div className="flex flex-col items-start gap-4 rounded-xl border border-slate-200 bg-white p-6">
          <p className="text-slate-700">{t`This course or lecture was not found, or you do not teach it.`}</p>
          <Link href={paths.manageCourses()} className={LINK_BUTTON}>
            {t`My courses`}
          </Link>
        </div>
      );
    case 'closed':
      return (
        <div
          className="flex flex-col items-start gap-4 rounded-xl border border-amber-200 bg-amber-50 p-6"
          data-closed
        >
          {view.course && (
            <p className="font-semibold text-slate-900" dir="auto">
              {pick(view.course.course, 'title', language)}
            </p>
          )}
          <p className="text-amber-900">
            {view.course?.course.status === 'Approved'
              ? translateMessage(AUTHORING_MESSAGES.courseEnded, i18n)
              : translateMessage(AUTHORING_MESSAGES.courseNotApproved, i18n)}
          </p>
          {view.courseId !== null && (
            <Link href={paths.manageCourseLectures(view.courseId)} className={LINK_BUTTON}>
              {t`Back to the course`}
            </Link>
          )}
        </div>
      );
    default:
      return <ClassFields view={view} formRef={formRef} actions={actions} />;
  }
}

function ClassFields({
  view,
  formRef,
  actions,
}: {
  view: ClassFormView;
  formRef: React.RefObject<HTMLFormElement | null>;
  actions?: ReactNode;
}) {
  const { t } = useLingui();
  const language = useLanguage();
  const typeLabels: Record<BuilderClassType, string> = {
    Class: t`Class`,
    Assignment: t`Assignment`,
    Quiz: t`Quiz`,
  };
  const describes = view.classType === 'Class';
  return (
    <Form ref={formRef} onSubmit={view.submit} className="flex flex-col gap-5">
      {view.course && (
        <p className="text-sm text-slate-600">
          <Trans>
            Course:{' '}
            <span dir="auto" className="font-semibold text-slate-900">
              {pick(view.course.course, 'title', language)}
            </span>
          </Trans>
        </p>
      )}
      {view.type.shown && (
        <SelectField
          label={t`Class type`}
          value={view.classType}
          disabled={!view.type.enabled}
          hint={view.type.reason ? <ReasonText message={view.type.reason} /> : undefined}
          onChange={(event) => view.type.change(event.target.value as BuilderClassType)}
          options={(Object.keys(TYPE_LABELS) as BuilderClassType[]).map((type) => ({
            value: type,
            label: typeLabels[type],
          }))}
        />
      )}
      {/* English and Arabic side by side from md up (the Arabic optional), stacked on a phone. */}
      <div className="grid gap-5 md:grid-cols-2">
        <TextField
          label={t`Title`}
          value={view.title.value}
          error={view.title.error}
          dir="auto"
          onChange={(event) => view.title.change(event.target.value)}
        />
        <TextField
          label={t`Arabic title (optional)`}
          value={view.titleAr.value}
          error={view.titleAr.error}
          dir="rtl"
          lang="ar"
          onChange={(event) => view.titleAr.change(event.target.value)}
        />
        <TextAreaField
          label={describes ? t`Description` : t`Description (optional)`}
          value={view.description.value}
          error={view.description.error}
          dir="auto"
          onChange={(event) => view.description.change(event.target.value)}
        />
        <TextAreaField
          label={t`Arabic description (optional)`}
          value={view.descriptionAr.value}
          error={view.descriptionAr.error}
          dir="rtl"
          lang="ar"
          onChange={(event) => view.descriptionAr.change(event.target.value)}
        />
      </div>
      <SelectField
        label={t`Week`}
        value={view.week.value}
        error={view.week.error}
        onChange={(event) => view.week.change(event.target.value)}
        options={view.weeks.map((week) => ({ value: week.value, label: pick(week, 'title', language) }))}
      />
      {view.classType === 'Quiz' ? (
        <QuizQuestions view={view} />
      ) : (
        <UploadWidget
          label={t`File (optional)`}
          existing={view.file.existing}
          error={view.file.error}
          onChange={view.file.change}
          onBusyChange={view.file.busy}
        />
      )}
      <AlertBox message={view.alert} />
      <div className="flex flex-wrap items-center gap-3">
        <div className="min-w-40">
          <SubmitButton busy={view.busy}>{t`Save`}</SubmitButton>
        </div>
        {actions}
      </div>
    </Form>
  );
}

function ReasonText({ message }: { message: string }) {
  const { i18n } = useLingui();
  return <>{translateMessage(message, i18n)}</>;
}
