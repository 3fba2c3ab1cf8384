import { AUTHORING_VALIDATION } from '@contract/forms/authoring';
import { AUTHORING_MESSAGES } from '@contract/messages/authoring';
import { FAILURES } from '@contract/messages/failures';
import type { CourseRecord, CourseSaved, Facilitator } from '@contract/wire/authoring';
import type { UploadResponse } from '@contract/wire/learning';
import { describe, expect, it } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { connectCourseWizard } from '../../machines/courseWizard.connect.ts';
import {
  courseInputOf,
  draftKey,
  draftText,
  EMPTY_VALUES,
  halalasOf,
  readDraft,
  valuesOfRecord,
  type WizardDraft,
  type WizardValues,
  wizardProblems,
} from '../../machines/courseWizard.form.ts';
import {
  type CourseWizardContext,
  type CourseWizardInput,
  courseWizardMachine,
  draftOf,
  type References,
  type SaveInput,
  unsentDraft,
  WIZARD_MESSAGES,
} from '../../machines/courseWizard.machine.ts';
import { ApiError } from '../../src/api/errors.ts';
import { httpFailure, silentFailure } from './support/fixtures.ts';
import {
  createPathModel,
  doneActor,
  errorActor,
  expectJointCoverage,
  expectState,
  harnesses,
  type PathModel,
  replayEveryPath,
  scriptedPromise,
  spyActions,
} from './support/paths.ts';

const ACTIONS = [
  'persistDraft',
  'dropDraft',
  'focusFirstInvalid',
  'focusStep',
  'announceUploaded',
  'announceUploadFailed',
  'finish',
] as const;

const me = { userEmail: 'trainer@example.com' };
const facilitator = (id: number): Facilitator => ({
  id,
  full_name: `Trainer ${id}`,
  email: `t${id}@example.com`,
  image: '',
});

const basicsWeek = {
  syllabus_title: 'Basics',
  syllabus_title_ar: 'الأساسيات',
  lectures: '3',
  quizzes: '1',
  assignments: '1',
};

/** A course that passes every rule, as the form holds it. */
const valid: WizardValues = {
  ...EMPTY_VALUES,
  title: 'Data Analysis with Python',
  title_ar: 'تحليل البيانات ببايثون',
  description: 'Clean, explore and chart data.',
  category: '3',
  cover: {
    file: '/api/v1/files/0b6c7a2e-1f00-4f5e-9a51-1d2c3b4a5f60',
    preview: 'data:image/jpeg;base64,AAAA',
  },
  skill_level: 'Beginner',
  languages: ['Arabic', 'English'],
  price: '150',
  weeks: [basicsWeek],
  start_date: '2027-01-10',
  end_date: '2027-03-10',
  routine: { ...EMPTY_VALUES.routine, Sunday: { on: true, start: '09:00', end: '11:00' } },
};

const categories = [{ id: 3, name: 'Data', name_ar: 'البيانات' }];
const surveys = [
  { id: 1, name: 'Before the course', name_ar: 'قبل الدورة', stage: 'pre' as const, question_count: 5 },
  { id: 2, name: 'After the course', name_ar: 'بعد الدورة', stage: 'post' as const, question_count: 8 },
];
const flags = { can_edit: true, can_delete: true, can_add_class: false, can_take_action: false };

const record: CourseRecord = {
  id: 77,
  title: 'Data Analysis with Python',
  title_ar: 'تحليل البيانات ببايثون',
  subtitle: '',
  subtitle_ar: '',
  description: 'Clean, explore and chart data.',
  description_ar: '',
  category: 3,
  cover_image: '/api/v1/files/0b6c7a2e-1f00-4f5e-9a51-1d2c3b4a5f60',
  cover_image_url: '/api/v1/course-covers/77.jpg',
  skill_level: 'Beginner',
  languages: ['Arabic'],
  captions: ['English'],
  female_only: false,
  price_halalas: 9950,
  weeks: [{ syllabus_title: 'Basics', syllabus_title_ar: '', lectures: 2, quizzes: 0, assignments: 1 }],
  surveys: { pre: 1, post: null },
  start_date: '2027-01-10',
  end_date: '2027-03-10',
  routine: [{ day: 'Monday', start_time: '18:00', end_time: '20:00' }],
  facilitators: [facilitator(9)],
  status: 'Rejected',
  rejection_reason: 'Add the Arabic description',
  role: 'trainer',
  flags,
  enrolled_count: 0,
};

const addRefs: References = { categories, surveys, record: null, userEmail: me.userEmail, draft: null };
const editRefs: References = { ...addRefs, record };
/** What loading finds for a trainer with a draft of this mode. */
const withDraft = (refs: References, draft: WizardDraft | null): References => ({ ...refs, draft });
const saved: CourseSaved = {
  success: true,
  message: AUTHORING_MESSAGES.courseSubmitted,
  data: { ...record, status: 'Pending', rejection_reason: null },
};
const stored: UploadResponse = {
  file: '/api/v1/files/5f1d0c3e-0000-4000-8000-000000000001',
  name: 'cover.png',
  size: 4,
};
const png = {
  file: new Blob([new Uint8Array([137, 80, 78, 71])]),
  name: 'Cover.PNG',
  preview: 'data:image/png;base64,iVBO',
};
const gif = { file: new Blob([new Uint8Array([71, 73, 70])]), name: 'cover.gif', preview: '' };

/** A refusal naming a field, as the API client reports it. */
function fieldRefusal(field: string, message: string): ApiError {
  return new ApiError(message, 'http', 400, { details: [{ field, message }] });
}

function implementations() {
  return {
    actors: {
      loadReferences: scriptedPromise<References, { courseId: number | null }>(),
      uploadCover: scriptedPromise<UploadResponse, { file: Blob; name: string }>(),
      findFacilitator: scriptedPromise<Facilitator, { email: string }>(),
      saveCourse: scriptedPromise<CourseSaved, SaveInput>(),
    },
    actions: spyActions(courseWizardMachine, ACTIONS),
  };
}

const input = (courseId: number | null = null): CourseWizardInput => ({ courseId });

/** What the guards read: the step's and the course's validity, the e-mail typed, the facilitators. */
function guarded(context: CourseWizardContext): unknown {
  const email = context.facilitatorEmail.trim().toLowerCase();
  const emails = context.values.facilitators.map((found) => found.email);
  return [
    context.step === 'review' || Object.keys(wizardProblems(context.values, context.step)).length === 0,
    Object.keys(wizardProblems(context.values)).length === 0,
    email === '' ? 'blank' : email === me.userEmail ? 'mine' : emails.includes(email) ? 'added' : 'new',
    context.values.facilitators.length >= 5,
    context.values.facilitators.some((found) => found.id === 2),
  ];
}

/** The outcomes of loading, and the choice about a draft. */
const openingEvents = (refs: References) => [
  doneActor('loadReferences', refs),
  errorActor('loadReferences', silentFailure(500)),
  { type: 'retry' },
  { type: 'draft.keep' },
  { type: 'draft.discard' },
];

const formEvents = [
  { type: 'field.change', name: 'title', value: 'Statistics' },
  { type: 'language.toggle', list: 'captions', language: 'Arabic', on: true },
  { type: 'femaleOnly.change', value: true },
  { type: 'week.add' },
  { type: 'week.remove', index: 0 },
  { type: 'week.move', index: 0, by: 1 },
  { type: 'week.change', index: 0, name: 'lectures', value: '٤' },
  { type: 'survey.change', stage: 'pre', value: '1' },
  { type: 'day.toggle', day: 'Tuesday', on: true },
  { type: 'day.time', day: 'Tuesday', which: 'start', value: '10:00' },
  { type: 'step.next' },
  { type: 'step.back' },
  { type: 'step.goto', step: 'review' },
  { type: 'step.goto', step: 'basics' },
  { type: 'submit' },
  doneActor('saveCourse', saved),
  errorActor('saveCourse', fieldRefusal('weeks.0.syllabus_title', AUTHORING_VALIDATION.weekTitleRequired)),
  errorActor('saveCourse', silentFailure(503)),
];

const coverEvents = [
  { type: 'cover.choose', choice: png },
  { type: 'cover.choose', choice: gif },
  { type: 'cover.progress', share: 0.4 },
  { type: 'cover.cancel' },
  { type: 'cover.retry' },
  { type: 'cover.remove' },
  doneActor('uploadCover', stored),
  errorActor('uploadCover', silentFailure(500)),
];

const facilitatorEvents = [
  { type: 'facilitator.email', value: '' },
  { type: 'facilitator.email', value: 'Trainer@Example.com' },
  { type: 'facilitator.email', value: 't2@example.com' },
  { type: 'facilitator.email', value: 'new@example.com' },
  { type: 'facilitator.search' },
  { type: 'facilitator.remove', id: 1 },
  doneActor('findFacilitator', facilitator(2)),
  doneActor('findFacilitator', { ...facilitator(5), email: me.userEmail }),
  doneActor('findFacilitator', facilitator(6)),
  errorActor('findFacilitator', httpFailure(404, AUTHORING_MESSAGES.facilitatorNotFound)),
];

type WizardSnapshot = SnapshotFrom<typeof courseWizardMachine>;

/**
 * The events tried in a state. The three regions of the form are independent, so each is worked
 * while the others rest (the cover idle, no e-mail typed), rather than in every combination.
 */
function eventsIn(refs: References) {
  return (snapshot: WizardSnapshot) => {
    if (!snapshot.matches('editing')) return openingEvents(refs);
    const coverIdle = snapshot.matches({ editing: { cover: 'idle' } });
    const searchIdle =
      snapshot.matches({ editing: { facilitator: 'idle' } }) && snapshot.context.facilitatorEmail === '';
    const filling = snapshot.matches({ editing: { form: 'filling' } });
    return [
      ...(coverIdle && searchIdle ? formEvents : []),
      ...(filling && searchIdle ? coverEvents : []),
      ...(filling && coverIdle ? facilitatorEvents : []),
    ];
  };
}

function model(modelInput: CourseWizardInput, refs: References): PathModel<typeof courseWizardMachine> {
  return createPathModel(courseWizardMachine, {
    input: modelInput,
    events: eventsIn(refs) as never,
    serializeState: (snapshot) => JSON.stringify([snapshot.value, guarded(snapshot.context)]),
    implementations,
  });
}

/** Five facilitators: the list is full until one is removed. */
const fullDraft: WizardDraft = {
  values: { ...valid, facilitators: [1, 2, 3, 4, 7].map(facilitator) },
  step: 'review',
};

describe('courseWizard machine: generated paths', () => {
  const models = [
    // A new course from nothing: every step refuses Next until filled.
    model(input(), addRefs),
    // A new course whose draft is complete: every step opens, the course is sent.
    model(input(), withDraft(addRefs, fullDraft)),
    // A rejected course with a draft never sent: keep it or discard it.
    model(input(77), withDraft(editRefs, { values: valid, step: 'routine' })),
  ];
  for (const pathModel of models) replayEveryPath(pathModel);
  it('reaches every state and every transition', async () => {
    await expectJointCoverage(models);
  });
});

describe('courseWizard machine: behaviour', () => {
  const launch = harnesses(courseWizardMachine);

  async function open(draft: WizardDraft | null = null, refs: References = addRefs) {
    const impl = implementations();
    const courseId = refs.record?.id ?? null;
    const harness = launch(impl, { input: input(courseId) });
    expect(impl.actors.loadReferences.inputs).toEqual([{ courseId }]);
    await harness.resolve('loadReferences', withDraft(refs, draft));
    harness.takeActions();
    return { harness, ...impl.actors, actions: impl.actions };
  }
  const view = (harness: { snapshot: never }) => {
    const shown = connectCourseWizard(harness.snapshot, () => {});
    if (shown.phase !== 'editing') throw new Error(`not editing: ${shown.phase}`);
    return shown;
  };

  it('shows a failed load with a retry that loads again', async () => {
    const impl = implementations();
    const harness = launch(impl, { input: input() });
    await harness.reject('loadReferences', silentFailure(500));
    expect(connectCourseWizard(harness.snapshot, () => {}).phase).toBe('failed');
    await harness.send({ type: 'retry' });
    expectState(harness, 'loading');
    expect(impl.actors.loadReferences.inputs).toHaveLength(2);
  });

  it('stays on a step with its messages, keeps what was typed, and moves on once it is valid', async () => {
    const { harness, actions } = await open();
    await harness.send({ type: 'field.change', name: 'title', value: 'Python' });
    await harness.send({ type: 'field.change', name: 'price', value: 'abc' });
    await harness.send({ type: 'step.next' });
    expect(harness.context.step).toBe('basics');
    expect(harness.context.errors).toEqual({
      title_ar: AUTHORING_VALIDATION.titleArRequired,
      category: AUTHORING_VALIDATION.categoryRequired,
      cover: AUTHORING_VALIDATION.coverRequired,
      skill_level: AUTHORING_VALIDATION.skillLevelRequired,
      languages: AUTHORING_VALIDATION.languagesRequired,
      price: AUTHORING_VALIDATION.priceInvalid,
    });
    expect(actions.focusFirstInvalid).toHaveBeenCalledTimes(1);
    expect(harness.context.values.title).toBe('Python');
    // A field typed again loses its message; the others keep theirs.
    await harness.send({ type: 'field.change', name: 'price', value: '١٥٠٫٥' });
    expect(harness.context.errors.price).toBeUndefined();
    expect(harness.context.errors.category).toBe(AUTHORING_VALIDATION.categoryRequired);
    expect(view(harness as never).free).toBe(false);
  });

  it('goes back keeping the values, and forward from the step list only through valid steps', async () => {
    const { harness } = await open({ values: { ...valid, weeks: [] }, step: 'basics' });
    await harness.send({ type: 'step.next' });
    expect(harness.context.step).toBe('about');
    await harness.send({ type: 'field.change', name: 'description_ar', value: 'وصف' });
    await harness.send({ type: 'step.back' });
    expect(harness.context.step).toBe('basics');
    expect(harness.context.values.description_ar).toBe('وصف');
    expect(view(harness as never).steps.map((entry) => entry.open)).toEqual([
      true,
      true,
      true,
      false,
      false,
      false,
      false,
    ]);
    await harness.send({ type: 'step.goto', step: 'routine' });
    expect(harness.context.step).toBe('syllabus');
    expect(harness.context.errors).toEqual({ weeks: AUTHORING_VALIDATION.weeksRequired });
    await harness.send({ type: 'week.add' });
    expect(harness.context.errors).toEqual({});
    await harness.send({ type: 'week.change', index: 0, name: 'syllabus_title', value: 'One' });
    await harness.send({ type: 'step.goto', step: 'review' });
    expect(harness.context.step).toBe('review');
    await harness.send({ type: 'step.goto', step: 'about' });
    expect(harness.context.step).toBe('about');
  });

  it('reads Arabic-Indic digits in the price and counts, and names routine problems by day', async () => {
    expect(halalasOf('١٥٠')).toBe(15000);
    expect(halalasOf('٩٩٫٥')).toBe(9950);
    expect(halalasOf('99.50')).toBe(9950);
    expect(halalasOf('1.234')).toBe('1.234');
    const values: WizardValues = {
      ...valid,
      price: '٩٩٫٥',
      weeks: [{ ...basicsWeek, lectures: '١٢', quizzes: '٥١' }],
      routine: {
        ...valid.routine,
        Monday: { on: true, start: '10:00', end: '09:00' },
        Thursday: { on: true, start: '8', end: '' },
      },
    };
    expect(courseInputOf(values)).toMatchObject({
      price_halalas: 9950,
      weeks: [{ lectures: 12, quizzes: 51 }],
    });
    expect(wizardProblems(values)).toEqual({
      'weeks.0.quizzes': AUTHORING_VALIDATION.countInvalid,
      'routine.Monday.end_time': AUTHORING_VALIDATION.endTimeBeforeStart,
      'routine.Thursday.start_time': AUTHORING_VALIDATION.timeInvalid,
      'routine.Thursday.end_time': AUTHORING_VALIDATION.timeInvalid,
    });
  });

  it('reorders, removes and adds weeks', async () => {
    const { harness } = await open({ values: valid, step: 'syllabus' });
    await harness.send({ type: 'week.add' });
    await harness.send({ type: 'week.change', index: 1, name: 'syllabus_title', value: 'Two' });
    await harness.send({ type: 'week.move', index: 1, by: -1 });
    expect(harness.context.values.weeks.map((week) => week.syllabus_title)).toEqual(['Two', 'Basics']);
    await harness.send({ type: 'week.move', index: 1, by: 1 });
    expect(harness.context.values.weeks.map((week) => week.syllabus_title)).toEqual(['Two', 'Basics']);
    await harness.send({ type: 'week.remove', index: 0 });
    expect(harness.context.values.weeks.map((week) => week.syllabus_title)).toEqual(['Basics']);
  });

  it('keeps the draft after every change and sends the course as Pending, then forgets the draft', async () => {
    const { harness, actions, saveCourse } = await open({ values: valid, step: 'facilitators' });
    expect(harness.context.step).toBe('facilitators');
    await harness.send({ type: 'field.change', name: 'subtitle', value: 'From zero' });
    const kept = actions.persistDraft.mock.calls.at(-1)?.[0].context;
    expect(kept && draftOf(kept).values.subtitle).toBe('From zero');
    await harness.send({ type: 'step.next' });
    expect(harness.context.step).toBe('review');
    await harness.send({ type: 'submit' });
    expect(view(harness as never).busy).toBe(true);
    expect(saveCourse.inputs[0]).toMatchObject({
      courseId: null,
      course: { subtitle: 'From zero', price_halalas: 15000 },
    });
    await harness.resolve('saveCourse', saved);
    expectState(harness, 'done');
    expect(harness.takeActions().slice(-2)).toEqual(['dropDraft', 'finish']);
    expect(actions.finish.mock.calls[0]?.[1]).toEqual({ outcome: 'created', saved });
  });

  it('takes a refusal to the step and field it names, keeping everything', async () => {
    const { harness, saveCourse } = await open({ values: valid, step: 'review' });
    await harness.send({ type: 'submit' });
    await harness.reject(
      'saveCourse',
      fieldRefusal('routine.0.end_time', AUTHORING_VALIDATION.endTimeBeforeStart),
    );
    expect(harness.context.step).toBe('routine');
    expect(harness.context.errors).toEqual({
      'routine.Sunday.end_time': AUTHORING_VALIDATION.endTimeBeforeStart,
    });
    expect(harness.context.values).toEqual(valid);
    await harness.send({ type: 'submit' });
    await harness.reject('saveCourse', httpFailure(403, AUTHORING_MESSAGES.notYourCourse));
    expect(harness.context.alert).toBe(AUTHORING_MESSAGES.notYourCourse);
    expect(saveCourse.inputs).toHaveLength(2);
  });

  it('refuses to send an incomplete course and opens its first step with a problem', async () => {
    const { harness, saveCourse } = await open({ values: { ...valid, description: '' }, step: 'review' });
    await harness.send({ type: 'submit' });
    expect(harness.context.step).toBe('about');
    expect(harness.context.errors).toEqual({ description: AUTHORING_VALIDATION.descriptionRequired });
    expect(saveCourse.inputs).toEqual([]);
  });

  it('edits a rejected course: offers the unsent draft, and sends it again for approval', async () => {
    const draft: WizardDraft = { values: { ...valid, title: 'Changed' }, step: 'about' };
    const kept = await open(draft, editRefs);
    expectState(kept.harness, 'draftChoice');
    await kept.harness.send({ type: 'draft.keep' });
    expect(kept.harness.context.values.title).toBe('Changed');
    expect(kept.harness.context.step).toBe('about');

    const { harness, actions, saveCourse } = await open(draft, editRefs);
    await harness.send({ type: 'draft.discard' });
    expect(actions.dropDraft).toHaveBeenCalledTimes(1);
    const shown = view(harness as never);
    expect(shown).toMatchObject({ mode: 'edit', status: 'Rejected', submitKind: 'resend' });
    expect(shown.rejectionReason).toBe('Add the Arabic description');
    expect(shown.values).toMatchObject({
      price: '99.50',
      category: '3',
      surveys: { pre: '1', post: '' },
      cover: { file: record.cover_image, preview: record.cover_image_url },
    });
    expect(shown.values.routine.Monday).toEqual({ on: true, start: '18:00', end: '20:00' });
    await harness.send({ type: 'step.goto', step: 'review' });
    await harness.send({ type: 'submit' });
    expect(saveCourse.inputs[0]).toMatchObject({
      courseId: 77,
      course: { facilitators: [9], surveys: { pre: 1, post: null } },
    });
    await harness.resolve('saveCourse', { ...saved, message: AUTHORING_MESSAGES.courseSaved });
    expect(actions.finish.mock.calls[0]?.[1]).toMatchObject({ outcome: 'resubmitted' });
  });

  it("leaves the facilitators to the course's trainer when a facilitator edits it", async () => {
    const { harness } = await open(null, { ...editRefs, record: { ...record, role: 'facilitator' } });
    expect(view(harness as never).ownsFacilitators).toBe(false);
    const own = await open(null, editRefs);
    expect(view(own.harness as never).ownsFacilitators).toBe(true);
  });

  it('saves an approved course with its changes', async () => {
    const { harness, actions } = await open(null, { ...editRefs, record: { ...record, status: 'Approved' } });
    expect(view(harness as never).submitKind).toBe('save');
    await harness.send({ type: 'step.goto', step: 'review' });
    await harness.send({ type: 'submit' });
    await harness.resolve('saveCourse', { ...saved, message: AUTHORING_MESSAGES.courseSaved });
    expect(actions.finish.mock.calls[0]?.[1]).toMatchObject({ outcome: 'saved' });
  });

  it('uploads the cover with its progress, can cancel, says a failure and keeps the cover shown', async () => {
    const { harness, uploadCover, actions } = await open({ values: valid, step: 'basics' });
    await harness.send({ type: 'cover.choose', choice: gif });
    expect(view(harness as never).cover.alert).toBe(AUTHORING_VALIDATION.coverType);
    expect(uploadCover.inputs).toEqual([]);
    await harness.send({ type: 'cover.choose', choice: png });
    await harness.send({ type: 'cover.progress', share: 0.42 });
    let cover = view(harness as never).cover;
    expect(cover).toMatchObject({ phase: 'uploading', percent: 42, name: 'Cover.PNG', preview: png.preview });
    await harness.send({ type: 'cover.cancel' });
    cover = view(harness as never).cover;
    expect(cover).toMatchObject({ phase: 'idle', preview: valid.cover?.preview });
    await harness.send({ type: 'cover.choose', choice: png });
    await harness.reject('uploadCover', silentFailure(500));
    expect(view(harness as never).cover).toMatchObject({ phase: 'failed', alert: FAILURES.upload });
    expect(actions.announceUploadFailed).toHaveBeenCalledTimes(1);
    await harness.send({ type: 'cover.retry' });
    await harness.resolve('uploadCover', stored);
    expect(harness.context.values.cover).toEqual({ file: stored.file, preview: png.preview });
    expect(actions.announceUploaded).toHaveBeenCalledTimes(1);
    expect(uploadCover.inputs.map((sent) => sent.name)).toEqual(['Cover.PNG', 'Cover.PNG', 'Cover.PNG']);
    await harness.send({ type: 'cover.remove' });
    expect(harness.context.values.cover).toBeNull();
  });

  it('finds facilitators by e-mail: not found, not yourself, no duplicates, at most five', async () => {
    const { harness, findFacilitator } = await open({ values: valid, step: 'facilitators' });
    const search = async (email: string) => {
      await harness.send({ type: 'facilitator.email', value: email });
      await harness.send({ type: 'facilitator.search' });
    };
    await search('  ');
    expect(harness.context.facilitatorMessage).toBe(WIZARD_MESSAGES.emailRequired);
    await search('TRAINER@example.com');
    expect(harness.context.facilitatorMessage).toBe(AUTHORING_VALIDATION.facilitatorInvalid);
    await search('nobody@example.com');
    await harness.reject('findFacilitator', httpFailure(404, AUTHORING_MESSAGES.facilitatorNotFound));
    expect(harness.context.facilitatorMessage).toBe(AUTHORING_MESSAGES.facilitatorNotFound);
    for (const id of [1, 2, 3, 4, 6]) {
      await search(` t${id}@example.com `);
      await harness.resolve('findFacilitator', facilitator(id));
    }
    expect(findFacilitator.inputs.at(-1)).toEqual({ email: 't6@example.com' });
    expect(harness.context.values.facilitators.map((found) => found.id)).toEqual([1, 2, 3, 4, 6]);
    expect(harness.context.facilitatorEmail).toBe('');
    await search('t8@example.com');
    expect(harness.context.facilitatorMessage).toBe(AUTHORING_VALIDATION.facilitatorsMax);
    await harness.send({ type: 'facilitator.remove', id: 6 });
    await search('t2@example.com');
    expect(harness.context.facilitatorMessage).toBe(WIZARD_MESSAGES.alreadyAdded);
    // Another address of the same account (found by the server) is not added twice either.
    await search('other@example.com');
    await harness.resolve('findFacilitator', facilitator(3));
    expect(harness.context.facilitatorMessage).toBe(WIZARD_MESSAGES.alreadyAdded);
    expect(harness.context.values.facilitators).toHaveLength(4);
  });
});

describe('course wizard draft', () => {
  it('is kept only once something differs from what the wizard opened with', () => {
    expect(unsentDraft({ values: EMPTY_VALUES, step: 'about', record: null })).toBeNull();
    expect(unsentDraft({ values: valid, step: 'about', record: null })).toEqual({
      values: valid,
      step: 'about',
    });
    const saved = { ...record, status: 'Approved' as const };
    const opened = valuesOfRecord(saved);
    expect(unsentDraft({ values: opened, step: 'review', record: saved })).toBeNull();
    expect(
      unsentDraft({ values: { ...opened, title: 'New' }, step: 'review', record: saved })?.values.title,
    ).toBe('New');
  });

  it('is kept per user and mode, and read back as it was typed', () => {
    expect(draftKey('Trainer@Example.com', null)).toBe('kfu.courseWizard.trainer@example.com.add');
    expect(draftKey('trainer@example.com', 77)).toBe('kfu.courseWizard.trainer@example.com.edit:77');
    const draft: WizardDraft = { values: { ...valid, price: '١٥٠' }, step: 'syllabus' };
    expect(readDraft(draftText(draft))).toEqual(draft);
  });

  it('is ignored when it cannot be read', () => {
    expect(readDraft(null)).toBeNull();
    expect(readDraft('{')).toBeNull();
    expect(readDraft(JSON.stringify({ step: 'basics', values: { title: 1 } }))).toBeNull();
  });
});
