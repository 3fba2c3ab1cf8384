import { AUTHORING_VALIDATION } from '@contract/forms/authoring';
import { AUTHORING_MESSAGES, lectureSavedMessage } from '@contract/messages/authoring';
import type { AuthoringCourse, ClassRecord, ClassSaved, TrainerCourse } from '@contract/wire/authoring';
import { describe, expect, it } from 'vitest';
import { type ClassFormView, connectClassForm } from '../../machines/classForm.connect.ts';
import {
  type ClassFormData,
  type ClassFormEvent,
  type ClassFormInput,
  classFormMachine,
  isBlankQuestion,
  type LoadInput,
  type SaveInput,
  typedNumber,
} from '../../machines/classForm.machine.ts';
import { ApiError } from '../../src/api/errors.ts';
import { httpFailure, silentFailure } from './support/fixtures.ts';
import { expectTryAgain, scriptedLoader } from './support/loader.ts';
import {
  createPathModel,
  doneActor,
  errorActor,
  expectJointCoverage,
  expectState,
  harnesses,
  replayEveryPath,
  scriptedPromise,
  serializeValueAnd,
  spyActions,
} from './support/paths.ts';

const ACTIONS = ['courseChosen', 'focusFirstInvalid', 'announceSaved', 'goToCourse'] as const;

const flags = { can_edit: true, can_delete: false, can_add_class: true, can_take_action: true };

function courseOf(status: 'Approved' | 'Pending'): AuthoringCourse {
  const approved = status === 'Approved';
  return {
    course: {
      id: 12,
      title: 'Cloud Computing Fundamentals',
      title_ar: 'أساسيات الحوسبة السحابية',
      cover_image: '/covers/cloud.png',
      status,
      display_status: approved ? 'ONGOING' : status,
      rejection_reason: null,
      start_date: '2026-09-01',
      end_date: '2026-12-01',
    },
    role: 'trainer',
    flags: { ...flags, can_add_class: approved, can_take_action: approved },
    weeks: [
      { week: 1, title: 'Foundations', title_ar: 'الأساسيات', lectures: [] },
      { week: 2, title: 'Services', title_ar: 'الخدمات', lectures: [] },
    ],
  };
}

const classTypes = [
  { id: 1, name: 'Class' as const },
  { id: 2, name: 'Assignment' as const },
  { id: 3, name: 'Quiz' as const },
];

const record: ClassRecord = {
  id: 40,
  class_type: 1,
  class_type_name: 'Class',
  course: 12,
  week: 2,
  detail_info: { title: 'Regions', description: 'Where clouds live', file: 'uploads/ab12.pdf' },
  file: { url: '/api/v1/files/ab12?sig=1', name: 'regions.pdf', extension: 'pdf', size: 1000 },
  quiz_info: [],
  quiz_settings: null,
  has_work: false,
};

const approved: ClassFormData = { classTypes, course: courseOf('Approved'), record: null };
const pending: ClassFormData = { classTypes, course: courseOf('Pending'), record: null };
const editing: ClassFormData = { classTypes, course: courseOf('Approved'), record };

const trainerCourse = (id: number, can_add_class: boolean): TrainerCourse => ({
  id,
  title: `Course ${id}`,
  title_ar: `دورة ${id}`,
  cover_image: '',
  category: { id: 1, name: 'IT', name_ar: 'تقنية' } as TrainerCourse['category'],
  status: can_add_class ? 'Approved' : 'Pending',
  rejection_reason: null,
  start_date: '2026-09-01',
  end_date: '2026-12-01',
  enrolled_count: 0,
  lecture_count: 0,
  role: 'trainer',
  flags: { ...flags, can_add_class },
  updated_at: '2026-11-01T00:00:00Z',
});

const saved = (data: ClassRecord, message: string = AUTHORING_MESSAGES.classCreated): ClassSaved => ({
  success: true,
  message,
  data,
});

function implementations() {
  return {
    actors: {
      coursesLoader: scriptedLoader<TrainerCourse[]>('coursesLoader'),
      loader: scriptedLoader<ClassFormData, LoadInput>(),
      save: scriptedPromise<ClassSaved, SaveInput>(),
    },
    actions: spyActions(classFormMachine, ACTIONS),
  };
}

const fieldDetails = new ApiError(AUTHORING_VALIDATION.classTitleRequired, 'http', 400, {
  details: [{ field: 'detail_info.title', message: AUTHORING_VALIDATION.classTitleRequired }],
});

const formEvents: ClassFormEvent[] = [
  { type: 'field.change', name: 'title', value: 'Virtual machines' },
  { type: 'field.change', name: 'description', value: 'Renting a computer' },
  { type: 'file.change', address: 'uploads/new.mp4' },
  { type: 'upload.busy', busy: false },
  { type: 'question.add' },
  { type: 'question.remove', index: 1 },
  { type: 'question.text', index: 0, value: 'What is IaaS?' },
  { type: 'question.kind', index: 0, kind: 'multiple' },
  { type: 'option.add', index: 0 },
  { type: 'option.remove', index: 0, option: 2 },
  { type: 'option.text', index: 0, option: 0, value: 'Renting machines' },
  { type: 'correct.toggle', index: 0, option: 0 },
  { type: 'marks.change', index: 0, value: '2' },
  { type: 'settings.change', name: 'attempts', value: '2' },
  { type: 'settings.showsAnswers', value: false },
  { type: 'submit' },
];

const events = [
  { type: 'course.choose', courseId: 12 },
  doneActor('coursesLoader', [trainerCourse(12, true)]),
  doneActor('loader', approved),
  doneActor('loader', pending),
  ...formEvents,
  doneActor('save', saved({ ...record, id: 41 })),
  errorActor('save', httpFailure(403, AUTHORING_MESSAGES.courseNotApproved)),
] as const;

const editEvents = [
  doneActor('loader', editing),
  { type: 'type.change', classType: 'Quiz' },
  { type: 'submit' },
  doneActor('save', saved(record, AUTHORING_MESSAGES.classUpdated)),
  errorActor('save', fieldDetails),
] as const;

const serializeState = serializeValueAnd(
  (context: { courseId: number | null; values: { title: string; description: string } }) => [
    context.courseId,
    context.values.title !== '',
    context.values.description !== '',
  ],
);

describe('classForm machine: generated paths', () => {
  const create: ClassFormInput = { mode: 'create', classType: 'Class', courseId: null, lectureId: null };
  const edit: ClassFormInput = { mode: 'edit', classType: 'Class', courseId: null, lectureId: 40 };
  const models = [
    createPathModel(classFormMachine, { input: create, events, serializeState, implementations }),
    createPathModel(classFormMachine, {
      input: edit,
      events: editEvents,
      serializeState: serializeValueAnd((context: { classType: string }) => context.classType),
      implementations,
    }),
  ];
  for (const model of models) replayEveryPath(model);
  it('reaches every state and every transition, adding and editing', async () => {
    await expectJointCoverage(models);
  });
});

describe('classForm machine: behaviour', () => {
  const launch = harnesses(classFormMachine);

  function start(input: Partial<ClassFormInput> = {}) {
    const impl = implementations();
    const harness = launch(impl, {
      input: { mode: 'create', classType: 'Class', courseId: 12, lectureId: null, ...input },
    });
    const { coursesLoader: loadCourses, loader: load, ...actors } = impl.actors;
    return { harness, loadCourses, load, ...actors, actions: impl.actions };
  }

  function viewOf(harness: ReturnType<typeof start>['harness']): ClassFormView {
    return connectClassForm(harness.snapshot, (event) => harness.actor.send(event));
  }

  it('asks which course when the address names none, listing the approved ones, and keeps the choice', async () => {
    const { harness, loadCourses, load, actions } = start({ courseId: null });
    expectState(harness, 'choosingCourse.loading');
    expect(viewOf(harness).step).toBe('choosingCourse');
    await harness.resolve('coursesLoader', [trainerCourse(12, true), trainerCourse(13, false)]);
    expect(viewOf(harness).courseChoice).toMatchObject({
      status: 'ready',
      courses: [{ id: 12, title: 'Course 12' }],
    });
    await harness.send({ type: 'course.choose', courseId: 12 });
    expect(actions.courseChosen.mock.calls[0]?.[1]).toEqual({ courseId: 12 });
    expect(load.read.inputs).toEqual([{ params: { courseId: 12, lectureId: null } }]);
    expect(loadCourses.read.inputs).toHaveLength(1);
  });

  it('offers Try again when the courses cannot be read, then lists them', async () => {
    const { harness, loadCourses } = start({ courseId: null });
    const failed = await expectTryAgain(harness, loadCourses, {
      failure: silentFailure(500),
      state: 'choosingCourse.loading',
      view: () => {
        const view = viewOf(harness);
        return { ...view.courseChoice, retry: view.retry };
      },
    });
    expect(viewOf(harness)).toMatchObject({ step: 'choosingCourse', courseChoice: { status: 'loading' } });
    expect(failed.status).toBe('failed');
    await harness.resolve('coursesLoader', [trainerCourse(12, true)]);
    expect(viewOf(harness).courseChoice.status).toBe('ready');
  });

  it('offers Try again when the course cannot be read, and says when it does not exist', async () => {
    const { harness, load } = start();
    const failed = await expectTryAgain(harness, load, {
      failure: silentFailure(503),
      view: () => {
        const view = viewOf(harness);
        return { ...view, status: view.step };
      },
    });
    expect(failed.error).toEqual(silentFailure(503));
    expect(viewOf(harness)).toMatchObject({ step: 'loading', error: null });
    await harness.reject('loader', httpFailure(404, 'Not found'));
    expectState(harness, 'loading');
    expect(viewOf(harness)).toMatchObject({ step: 'missing', error: httpFailure(404, 'Not found') });
    viewOf(harness).retry();
    expect(load.read.inputs).toHaveLength(2);
  });

  it('says so instead of showing the form when the course is not approved', async () => {
    const { harness } = start();
    await harness.resolve('loader', pending);
    expectState(harness, 'closed');
    expect(viewOf(harness)).toMatchObject({ step: 'closed', course: { course: { status: 'Pending' } } });
  });

  it('requires a class title and description in the spec words, keeping what was typed', async () => {
    const { harness, save, actions } = start();
    await harness.resolve('loader', approved);
    expect(viewOf(harness).week.value).toBe('1');
    await harness.send({ type: 'field.change', name: 'title', value: '   ' });
    await harness.send({ type: 'submit' });
    expectState(harness, 'form.editing');
    const view = viewOf(harness);
    expect(view.title).toMatchObject({ value: '   ', error: AUTHORING_VALIDATION.classTitleRequired });
    expect(view.description.error).toBe(AUTHORING_VALIDATION.classDescriptionRequired);
    expect(actions.focusFirstInvalid).toHaveBeenCalledTimes(1);
    expect(save.inputs).toEqual([]);
    await harness.send({ type: 'field.change', name: 'title', value: 'Virtual machines' });
    expect(viewOf(harness).title.error).toBeUndefined();
    expect(viewOf(harness).description.error).toBe(AUTHORING_VALIDATION.classDescriptionRequired);
  });

  it("an assignment's description is optional; it waits for the file's upload before saving", async () => {
    const { harness, save, actions } = start({ classType: 'Assignment' });
    await harness.resolve('loader', approved);
    await harness.send({ type: 'field.change', name: 'title', value: 'Compare providers' });
    await harness.send({ type: 'field.change', name: 'week', value: '٢' });
    await harness.send({ type: 'upload.busy', busy: true });
    await harness.send({ type: 'submit' });
    expect(viewOf(harness).file.error).toBe(AUTHORING_VALIDATION.fileUnknown);
    await harness.send({ type: 'file.change', address: 'uploads/brief.pdf' });
    await harness.send({ type: 'upload.busy', busy: false });
    await harness.send({ type: 'submit' });
    expectState(harness, 'saving');
    expect(save.inputs[0]).toEqual({
      lectureId: null,
      input: {
        class_type: 2,
        course: 12,
        week: 2,
        detail_info: {
          title: 'Compare providers',
          title_ar: '',
          description: '',
          description_ar: '',
          file: 'uploads/brief.pdf',
        },
        quiz_info: [],
      },
    });
    // Whatever the server says, the toast names what was saved.
    await harness.resolve(
      'save',
      saved({ ...record, id: 77, class_type: 2, class_type_name: 'Assignment' }, 'The class has been added'),
    );
    expectState(harness, 'saved');
    expect(actions.announceSaved.mock.calls[0]?.[1]).toEqual({
      message: AUTHORING_MESSAGES.assignmentCreated,
    });
    expect(actions.goToCourse.mock.calls[0]?.[1]).toEqual({ courseId: 12, lectureId: 77 });
    expect(viewOf(harness).busy).toBe(true);
  });

  it('drops blank questions, sends true/false as True and False, reads Arabic-Indic marks', async () => {
    const { harness, save } = start({ classType: 'Quiz' });
    await harness.resolve('loader', approved);
    const send = (event: ClassFormEvent) => harness.send(event);
    await send({ type: 'field.change', name: 'title', value: 'Check-in' });
    await send({ type: 'question.text', index: 0, value: 'Which are cloud models?' });
    await send({ type: 'question.kind', index: 0, kind: 'multiple' });
    await send({ type: 'option.text', index: 0, option: 0, value: 'IaaS' });
    await send({ type: 'option.text', index: 0, option: 1, value: 'Dial-up' });
    await send({ type: 'option.add', index: 0 });
    await send({ type: 'option.text', index: 0, option: 2, value: 'SaaS' });
    await send({ type: 'correct.toggle', index: 0, option: 2 });
    await send({ type: 'correct.toggle', index: 0, option: 0 });
    await send({ type: 'marks.change', index: 0, value: '١٫٥' });
    await send({ type: 'question.add' }); // left blank: dropped
    await send({ type: 'question.add' });
    await send({ type: 'question.kind', index: 2, kind: 'true_false' });
    await send({ type: 'question.text', index: 2, value: 'A region holds zones.' });
    await send({ type: 'correct.toggle', index: 2, option: 0 });
    await send({ type: 'settings.change', name: 'timeLimit', value: '١٥' });
    await send({ type: 'settings.change', name: 'attempts', value: '2' });
    expect(viewOf(harness).marks).toEqual({ total: 3.5, max: 10, over: false });
    expect(viewOf(harness).questions[2]?.options.map((option) => option.text)).toEqual(['True', 'False']);
    await send({ type: 'submit' });
    expectState(harness, 'saving');
    expect(save.inputs[0]?.input).toMatchObject({
      class_type: 3,
      quiz_info: [
        {
          question: {
            text: 'Which are cloud models?',
            kind: 'multiple',
            options: ['IaaS', 'Dial-up', 'SaaS'],
            correct: [0, 2],
            marks: 1.5,
          },
        },
        {
          question: {
            text: 'A region holds zones.',
            kind: 'true_false',
            options: ['True', 'False'],
            correct: [0],
            marks: 1,
          },
        },
      ],
      quiz_settings: { time_limit_minutes: 15, attempts_allowed: 2, shows_answers: true },
    });
  });

  it("a quiz left with blank questions only says 'Quiz field is required'; marks over 10 are said", async () => {
    const { harness } = start({ classType: 'Quiz' });
    await harness.resolve('loader', approved);
    await harness.send({ type: 'field.change', name: 'title', value: 'Check-in' });
    await harness.send({ type: 'submit' });
    expect(viewOf(harness).quizError).toBe(AUTHORING_VALIDATION.quizRequired);
    await harness.send({ type: 'question.text', index: 0, value: 'Pick one' });
    expect(viewOf(harness).quizError).toBeUndefined();
    await harness.send({ type: 'option.text', index: 0, option: 0, value: 'A' });
    await harness.send({ type: 'option.text', index: 0, option: 1, value: 'B' });
    await harness.send({ type: 'correct.toggle', index: 0, option: 1 });
    await harness.send({ type: 'marks.change', index: 0, value: '10.5' });
    expect(viewOf(harness).marks).toEqual({ total: 10.5, max: 10, over: true });
    await harness.send({ type: 'submit' });
    expect(viewOf(harness).questions[0]?.marks.error).toBe(AUTHORING_VALIDATION.marksInvalid);
    await harness.send({ type: 'question.add' });
    await harness.send({ type: 'question.text', index: 1, value: 'Pick another' });
    await harness.send({ type: 'option.text', index: 1, option: 0, value: 'C' });
    await harness.send({ type: 'option.text', index: 1, option: 1, value: 'D' });
    await harness.send({ type: 'correct.toggle', index: 1, option: 0 });
    await harness.send({ type: 'marks.change', index: 0, value: '6' });
    await harness.send({ type: 'marks.change', index: 1, value: '5' });
    await harness.send({ type: 'submit' });
    expect(viewOf(harness).quizError).toBe(AUTHORING_VALIDATION.marksTotal);
    expectState(harness, 'form.editing');
  });

  it('keeps answers between two and six, and the correct ones in step when one is removed', async () => {
    const { harness } = start({ classType: 'Quiz' });
    await harness.resolve('loader', approved);
    await harness.send({ type: 'option.remove', index: 0, option: 0 });
    expect(viewOf(harness).questions[0]?.options).toHaveLength(2);
    for (let i = 0; i < 6; i++) await harness.send({ type: 'option.add', index: 0 });
    expect(viewOf(harness).questions[0]).toMatchObject({ canAddOption: false, canRemoveOption: true });
    expect(viewOf(harness).questions[0]?.options).toHaveLength(6);
    await harness.send({ type: 'correct.toggle', index: 0, option: 3 });
    await harness.send({ type: 'option.remove', index: 0, option: 1 });
    expect(viewOf(harness).questions[0]?.options.map((option) => option.correct)).toEqual([
      false,
      false,
      true,
      false,
      false,
    ]);
    await harness.send({ type: 'question.kind', index: 0, kind: 'true_false' });
    expect(viewOf(harness).questions[0]).toMatchObject({ canAddOption: false, canRemoveOption: false });
  });

  it('edits a lecture: its values, its file, the type switch, and the 400 details at their fields', async () => {
    const { harness, load, save, actions } = start({ mode: 'edit', courseId: null, lectureId: 40 });
    expect(load.read.inputs).toEqual([{ params: { courseId: null, lectureId: 40 } }]);
    await harness.resolve('loader', editing);
    const view = viewOf(harness);
    expect(view).toMatchObject({
      classType: 'Class',
      courseId: 12,
      title: { value: 'Regions' },
      week: { value: '2' },
      file: { existing: { address: 'uploads/ab12.pdf', link: record.file } },
      type: { shown: true, enabled: true, reason: null },
    });
    await harness.send({ type: 'type.change', classType: 'Assignment' });
    await harness.send({ type: 'submit' });
    expect(save.inputs[0]).toMatchObject({ lectureId: 40, input: { class_type: 2, week: 2 } });
    await harness.reject('save', fieldDetails);
    expectState(harness, 'form.refused');
    expect(viewOf(harness)).toMatchObject({
      alert: null,
      title: { error: AUTHORING_VALIDATION.classTitleRequired },
    });
    await harness.send({ type: 'submit' });
    await harness.reject('save', httpFailure(409, AUTHORING_MESSAGES.typeHasWork));
    expect(viewOf(harness).alert).toBe(AUTHORING_MESSAGES.typeHasWork);
    await harness.send({ type: 'submit' });
    await harness.resolve('save', saved(record, AUTHORING_MESSAGES.classUpdated));
    expect(actions.announceSaved.mock.calls[0]?.[1]).toEqual({
      message: AUTHORING_MESSAGES.assignmentUpdated,
    });
    expect(actions.goToCourse.mock.calls[0]?.[1]).toEqual({ courseId: 12, lectureId: 40 });
  });

  it('sends the optional Arabic title and description, says their limits at their fields, and gives them back when editing', async () => {
    const { harness, save } = start({ classType: 'Quiz' });
    await harness.resolve('loader', approved);
    const view = viewOf(harness);
    expect(view.titleAr).toMatchObject({ value: '', error: undefined });
    expect(view.descriptionAr).toMatchObject({ value: '', error: undefined });
    await harness.send({ type: 'field.change', name: 'title', value: 'Regions quiz' });
    await harness.send({ type: 'field.change', name: 'title_ar', value: 'ع'.repeat(151) });
    await harness.send({ type: 'field.change', name: 'description_ar', value: 'ع'.repeat(5001) });
    await harness.send({ type: 'question.text', index: 0, value: 'Is a region a zone?' });
    await harness.send({ type: 'question.kind', index: 0, kind: 'true_false' });
    await harness.send({ type: 'correct.toggle', index: 0, option: 1 });
    await harness.send({ type: 'submit' });
    expectState(harness, 'form.editing');
    expect(viewOf(harness)).toMatchObject({
      title: { error: undefined },
      titleAr: { value: 'ع'.repeat(151), error: AUTHORING_VALIDATION.classTitleMax },
      descriptionAr: { error: AUTHORING_VALIDATION.classDescriptionMax },
    });
    expect(save.inputs).toEqual([]);
    // Typing in a field takes its message away, not the other's.
    await harness.send({ type: 'field.change', name: 'title_ar', value: 'اختبار المناطق' });
    expect(viewOf(harness).titleAr.error).toBeUndefined();
    expect(viewOf(harness).descriptionAr.error).toBe(AUTHORING_VALIDATION.classDescriptionMax);
    await harness.send({ type: 'field.change', name: 'description_ar', value: 'خمس دقائق.' });
    await harness.send({ type: 'submit' });
    expect(save.inputs[0]?.input.detail_info).toEqual({
      title: 'Regions quiz',
      title_ar: 'اختبار المناطق',
      description: '',
      description_ar: 'خمس دقائق.',
      file: null,
    });
    // The server's refusal of the Arabic title lands at that field.
    await harness.reject(
      'save',
      new ApiError(AUTHORING_VALIDATION.classTitleMax, 'http', 400, {
        details: [{ field: 'detail_info.title_ar', message: AUTHORING_VALIDATION.classTitleMax }],
      }),
    );
    expectState(harness, 'form.refused');
    expect(viewOf(harness)).toMatchObject({
      alert: null,
      titleAr: { value: 'اختبار المناطق', error: AUTHORING_VALIDATION.classTitleMax },
    });

    const edit = start({ mode: 'edit', courseId: null, lectureId: 40 });
    const arabic = { ...record.detail_info, title_ar: 'المناطق', description_ar: 'حيث تعيش السحابة' };
    await edit.harness.resolve('loader', { ...editing, record: { ...record, detail_info: arabic } });
    expect(viewOf(edit.harness)).toMatchObject({
      titleAr: { value: 'المناطق' },
      descriptionAr: { value: 'حيث تعيش السحابة' },
    });
    // Cleared, it is sent empty, so that the server clears it.
    await edit.harness.send({ type: 'field.change', name: 'title_ar', value: '' });
    await edit.harness.send({ type: 'submit' });
    expect(edit.save.inputs[0]?.input.detail_info).toMatchObject({
      title_ar: '',
      description_ar: 'حيث تعيش السحابة',
    });
    // A record without them (the spec's) edits as empty Arabic fields.
    const spec = start({ mode: 'edit', courseId: null, lectureId: 40 });
    await spec.harness.resolve('loader', editing);
    expect(viewOf(spec.harness)).toMatchObject({ titleAr: { value: '' }, descriptionAr: { value: '' } });
  });

  it('names what was saved in the toast: a class, an assignment or a quiz, added or updated', () => {
    expect(
      (['Class', 'Assignment', 'Quiz'] as const).flatMap((kind) =>
        (['create', 'edit'] as const).map((mode) => lectureSavedMessage(kind, mode)),
      ),
    ).toEqual([
      'The class has been added',
      'The class has been updated',
      'The assignment has been added',
      'The assignment has been updated',
      'The quiz has been added',
      'The quiz has been updated',
    ]);
  });

  it('keeps the type of a lecture with trainees’ work, saying why', async () => {
    const { harness } = start({ mode: 'edit', courseId: null, lectureId: 40 });
    await harness.resolve('loader', { ...editing, record: { ...record, has_work: true } });
    await harness.send({ type: 'type.change', classType: 'Quiz' });
    expect(viewOf(harness)).toMatchObject({
      classType: 'Class',
      type: { enabled: false, reason: AUTHORING_MESSAGES.typeHasWork },
    });
  });

  it('reads typed numbers and blank questions as the spec says', () => {
    expect([typedNumber('1.5'), typedNumber('١٫٥'), typedNumber('2,5'), typedNumber('')]).toEqual([
      1.5,
      1.5,
      2.5,
      Number.NaN,
    ]);
    expect(
      isBlankQuestion({ key: 0, text: ' ', kind: 'single', options: ['', ''], correct: [], marks: '1' }),
    ).toBe(true);
    expect(
      isBlankQuestion({ key: 0, text: '', kind: 'single', options: ['x', ''], correct: [], marks: '1' }),
    ).toBe(false);
    expect(
      isBlankQuestion({
        key: 0,
        text: '',
        kind: 'true_false',
        options: ['True', 'False'],
        correct: [],
        marks: '1',
      }),
    ).toBe(true);
  });
});
