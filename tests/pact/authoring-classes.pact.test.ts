import { join } from 'node:path';
import { AUTHORING_VALIDATION, type ClassInput, TITLE_MAX } from '@contract/forms/authoring';
import { AUTHORING_MESSAGES } from '@contract/messages/authoring';
import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import {
  createClass,
  getAuthoringCourse,
  getClass,
  listClassTypes,
  updateClass,
} from '../../src/api/authoring';
import { uploadFile } from '../../src/api/learning';
import { CLASS_STATES, INJECTED_CLASS, STATE_QUIZ, STATE_QUIZ_TITLE_AR } from './authoring-class-states';
import { expectRefusal, fileBlob, signedIn } from './interactions';
import { apiPath, PROVIDERS, pactWith, signedInClient } from './support';

const { like, eachLike, integer, number, boolean, regex, fromProviderState } = MatchersV3;

// The spec's class calls (class types, class create, get and save, the upload): the spec pact.
const api = pactWith(PROVIDERS.api);
// The trainer's view of a course, and the Arabic title and description of a class: the extensions pact.
const extensions = pactWith(PROVIDERS.extensions);

const DATE = '^\\d{4}-\\d{2}-\\d{2}$';
const FILE_ADDRESS = '^/api/v1/files/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';
const SIGNED_FILE =
  '^/api/v1/files/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\\?expires=\\d+&signature=[A-Za-z0-9_-]+$';
const EXAMPLE_FILE = '/api/v1/files/5e2b7c1a-9d4f-4e8b-a6c3-1f0d2e3b4a5c';
const EXAMPLE_SIGNED = `${EXAMPLE_FILE}?expires=1795000000&signature=q2Vb7r9XgN0aLpK3sT5uW8yZ1cE4fH6jM0nP2rS4tU8`;

const EXAMPLE_COURSE = 31;
const EXAMPLE_CLASS = 120;
const EXAMPLE_QUIZ = 126;

const courseId = () => fromProviderState(`\${${INJECTED_CLASS.courseId}}`, EXAMPLE_COURSE);
const classPath = (key: string, example: number) =>
  fromProviderState(apiPath(`/course/class-create/\${${key}}/`), apiPath(`/course/class-create/${example}/`));

/** A class payload as the client sends it (the course id is the state's, in the pact). */
function input(more: Partial<ClassInput> = {}): ClassInput {
  return {
    class_type: 1,
    course: EXAMPLE_COURSE,
    week: 1,
    detail_info: { title: 'What the cloud is', description: 'A short introduction.', file: null },
    quiz_info: [],
    ...more,
  };
}

/** The payload in the pact: the same, with the state's course id (and file address) put in. */
function pactBody(payload: ClassInput, file?: string) {
  return {
    ...payload,
    course: courseId(),
    detail_info: {
      ...payload.detail_info,
      file: file
        ? fromProviderState(`\${${file}}`, payload.detail_info.file ?? EXAMPLE_FILE)
        : payload.detail_info.file,
    },
  };
}

/** A quiz question as the record gives it back: the answers' texts, the right ones as indexes. */
const recordQuestion = {
  question: {
    text: like('Which service model rents virtual machines?'),
    kind: regex('^(single|multiple|true_false)$', 'single'),
    options: eachLike('IaaS', 2),
    correct: eachLike(0, 1),
    marks: number(2),
  },
};

const classRecord = (fields: {
  id: number;
  class_type: number;
  class_type_name: string;
  title: string;
  description: string;
  file: boolean;
  quiz: boolean;
}) => ({
  id: integer(fields.id),
  class_type: fields.class_type,
  class_type_name: fields.class_type_name,
  course: integer(EXAMPLE_COURSE),
  week: integer(1),
  detail_info: {
    title: like(fields.title),
    description: like(fields.description),
    file: fields.file ? regex(FILE_ADDRESS, EXAMPLE_FILE) : null,
  },
  file: fields.file
    ? {
        url: regex(SIGNED_FILE, EXAMPLE_SIGNED),
        name: like('cloud-intro.mp4'),
        extension: 'mp4',
        size: integer(24),
      }
    : null,
  quiz_info: fields.quiz ? eachLike(recordQuestion, 3) : [],
  quiz_settings: fields.quiz
    ? { time_limit_minutes: integer(10), attempts_allowed: integer(2), shows_answers: boolean(true) }
    : null,
  has_work: false,
});

/** The quiz of the state, as its record gives it back under `id`. */
const serviceModelsQuiz = (id: number) => ({
  id,
  class_type: 3,
  class_type_name: 'Quiz',
  title: 'Service models quiz',
  description: '',
  file: false,
  quiz: true,
});

const CLASS_CREATE = apiPath('/course/class-create/');

/** A class's record as the create and save calls answer it. */
const savedAnswer = (message: string, data: unknown) => ({ success: true, message, data });

describe('Class contract: GET /course/class-type/', () => {
  it('lists Class, Assignment and Quiz', async () => {
    await signedIn(api, CLASS_STATES.trainerTeachesApprovedCourse, 'a request for the class types')
      .sends('GET', apiPath('/course/class-type/'))
      .answers(200, [
        { id: 1, name: 'Class' },
        { id: 2, name: 'Assignment' },
        { id: 3, name: 'Quiz' },
      ])
      .executeTest(async (mockServer) => {
        expect((await listClassTypes(signedInClient(mockServer))).map((type) => type.name)).toEqual([
          'Class',
          'Assignment',
          'Quiz',
        ]);
      });
  });
});

describe('Class contract: POST /course/class-create/', () => {
  it('adds a class with an uploaded video to an approved course', async () => {
    const payload = input({
      detail_info: { title: 'What the cloud is', description: 'A short introduction.', file: EXAMPLE_FILE },
    });
    await signedIn(api, CLASS_STATES.trainerTeachesApprovedCourse, 'the creation of a class with a video')
      .sends('POST', CLASS_CREATE, pactBody(payload, INJECTED_CLASS.videoAddress))
      .answers(
        201,
        savedAnswer(
          AUTHORING_MESSAGES.classCreated,
          classRecord({
            id: 127,
            class_type: 1,
            class_type_name: 'Class',
            title: 'What the cloud is',
            description: 'A short introduction.',
            file: true,
            quiz: false,
          }),
        ),
      )
      .executeTest(async (mockServer) => {
        const saved = await createClass(signedInClient(mockServer), payload);
        expect(saved.data.file?.extension).toBe('mp4');
      });
  });

  it('adds a quiz with its questions, marks and settings', async () => {
    const payload = input({
      class_type: 3,
      detail_info: { title: 'Service models quiz', description: '', file: null },
      ...STATE_QUIZ,
    });
    await signedIn(api, CLASS_STATES.trainerTeachesApprovedCourse, 'the creation of a quiz')
      .sends('POST', CLASS_CREATE, pactBody(payload))
      .answers(201, savedAnswer(AUTHORING_MESSAGES.quizCreated, classRecord(serviceModelsQuiz(128))))
      .executeTest(async (mockServer) => {
        const saved = await createClass(signedInClient(mockServer), payload);
        expect(saved.data.quiz_info).toHaveLength(3);
      });
  });

  it('refuses a class without a title or a description (400, each at its field)', async () => {
    const payload = input({ detail_info: { title: '', description: '', file: null } });
    await signedIn(
      api,
      CLASS_STATES.trainerTeachesApprovedCourse,
      'the creation of a class without a title or a description',
    )
      .sends('POST', CLASS_CREATE, pactBody(payload))
      .answers(400, {
        success: false,
        details: [
          { field: 'detail_info.title', message: AUTHORING_VALIDATION.classTitleRequired },
          { field: 'detail_info.description', message: AUTHORING_VALIDATION.classDescriptionRequired },
        ],
      })
      .executeTest(async (mockServer) => {
        await expectRefusal(
          createClass(signedInClient(mockServer), payload),
          400,
          AUTHORING_VALIDATION.classTitleRequired,
        );
      });
  });

  it('refuses a course the admin has not approved (403)', async () => {
    const payload = input();
    await signedIn(
      api,
      CLASS_STATES.trainerCourseAwaitingApproval,
      'the creation of a class in a course awaiting approval',
    )
      .sends('POST', CLASS_CREATE, pactBody(payload))
      .refuses(403, AUTHORING_MESSAGES.courseNotApproved)
      .executeTest(async (mockServer) => {
        await expectRefusal(
          createClass(signedInClient(mockServer), payload),
          403,
          AUTHORING_MESSAGES.courseNotApproved,
        );
      });
  });
});

describe('Class contract: GET and PUT /course/class-create/{id}/', () => {
  it('gives a quiz as its form edits it', async () => {
    await signedIn(api, CLASS_STATES.trainerTeachesApprovedCourse, 'a request for a quiz to edit')
      .sends('GET', classPath(INJECTED_CLASS.quizLectureId, EXAMPLE_QUIZ))
      .answers(200, classRecord(serviceModelsQuiz(EXAMPLE_QUIZ)))
      .executeTest(async (mockServer) => {
        const quiz = await getClass(signedInClient(mockServer), EXAMPLE_QUIZ);
        expect(quiz.quiz_settings?.attempts_allowed).toBe(2);
      });
  });

  it('saves a class moved to another week', async () => {
    const payload = input({
      week: 2,
      detail_info: { title: 'Reading of week 1, revised', description: 'Read it again.', file: null },
    });
    await signedIn(api, CLASS_STATES.trainerTeachesApprovedCourse, 'the saving of a class')
      .sends('PUT', classPath(INJECTED_CLASS.classLectureId, EXAMPLE_CLASS), pactBody(payload))
      .answers(
        200,
        savedAnswer(AUTHORING_MESSAGES.classUpdated, {
          ...classRecord({
            id: EXAMPLE_CLASS,
            class_type: 1,
            class_type_name: 'Class',
            title: 'Reading of week 1, revised',
            description: 'Read it again.',
            file: false,
            quiz: false,
          }),
          week: 2,
        }),
      )
      .executeTest(async (mockServer) => {
        const saved = await updateClass(signedInClient(mockServer), EXAMPLE_CLASS, payload);
        expect(saved.data.week).toBe(2);
      });
  });

  it('refuses new questions once trainees have taken the quiz (409)', async () => {
    const payload = input({
      class_type: 3,
      detail_info: { title: 'Service models quiz', description: '', file: null },
      quiz_settings: STATE_QUIZ.quiz_settings,
      quiz_info: STATE_QUIZ.quiz_info.slice(0, 1),
    });
    await signedIn(
      api,
      CLASS_STATES.trainerQuizTaken,
      'the saving of new questions of a quiz trainees have taken',
    )
      .sends('PUT', classPath(INJECTED_CLASS.quizLectureId, EXAMPLE_QUIZ), pactBody(payload))
      .refuses(409, AUTHORING_MESSAGES.quizHasAttempts)
      .executeTest(async (mockServer) => {
        await expectRefusal(
          updateClass(signedInClient(mockServer), EXAMPLE_QUIZ, payload),
          409,
          AUTHORING_MESSAGES.quizHasAttempts,
        );
      });
  });
});

describe('Class contract: the Arabic title and description (the extensions pact)', () => {
  /** A record's detail_info with the Arabic the product adds. */
  const withArabic = (base: ReturnType<typeof classRecord>, title_ar: string, description_ar: string) => ({
    ...base,
    detail_info: { ...base.detail_info, title_ar: like(title_ar), description_ar: like(description_ar) },
  });

  it('adds an assignment with its Arabic title and description, and gives them back', async () => {
    const payload = input({
      class_type: 2,
      detail_info: {
        title: 'Compare the service models',
        title_ar: 'قارن بين نماذج الخدمة',
        description: 'Two pages, with an example of each.',
        description_ar: 'صفحتان، مع مثال على كل نموذج.',
        file: null,
      },
    });
    await signedIn(
      extensions,
      CLASS_STATES.trainerTeachesApprovedCourse,
      'the creation of an assignment with an Arabic title and description',
    )
      .sends('POST', CLASS_CREATE, pactBody(payload))
      .answers(
        201,
        savedAnswer(
          AUTHORING_MESSAGES.assignmentCreated,
          withArabic(
            classRecord({
              id: 129,
              class_type: 2,
              class_type_name: 'Assignment',
              title: 'Compare the service models',
              description: 'Two pages, with an example of each.',
              file: false,
              quiz: false,
            }),
            'قارن بين نماذج الخدمة',
            'صفحتان، مع مثال على كل نموذج.',
          ),
        ),
      )
      .executeTest(async (mockServer) => {
        const saved = await createClass(signedInClient(mockServer), payload);
        expect(saved.data.detail_info.title_ar).toBe('قارن بين نماذج الخدمة');
      });
  });

  it('gives a quiz with its Arabic title to edit', async () => {
    await signedIn(
      extensions,
      CLASS_STATES.trainerTeachesApprovedCourse,
      'a request for a quiz with an Arabic title to edit',
    )
      .sends('GET', classPath(INJECTED_CLASS.quizLectureId, EXAMPLE_QUIZ))
      .answers(200, withArabic(classRecord(serviceModelsQuiz(EXAMPLE_QUIZ)), STATE_QUIZ_TITLE_AR, ''))
      .executeTest(async (mockServer) => {
        const quiz = await getClass(signedInClient(mockServer), EXAMPLE_QUIZ);
        expect(quiz.detail_info.title_ar).toBe(STATE_QUIZ_TITLE_AR);
      });
  });

  it('saves a class with its Arabic title and text', async () => {
    const payload = input({
      detail_info: {
        title: 'Reading of week 1',
        title_ar: 'قراءة الأسبوع الأول',
        description: 'Read this before the class.',
        description_ar: 'اقرأ هذا قبل المحاضرة.',
        file: null,
      },
    });
    await signedIn(
      extensions,
      CLASS_STATES.trainerTeachesApprovedCourse,
      'the saving of a class with an Arabic title and text',
    )
      .sends('PUT', classPath(INJECTED_CLASS.classLectureId, EXAMPLE_CLASS), pactBody(payload))
      .answers(
        200,
        savedAnswer(
          AUTHORING_MESSAGES.classUpdated,
          withArabic(
            classRecord({
              id: EXAMPLE_CLASS,
              class_type: 1,
              class_type_name: 'Class',
              title: 'Reading of week 1',
              description: 'Read this before the class.',
              file: false,
              quiz: false,
            }),
            'قراءة الأسبوع الأول',
            'اقرأ هذا قبل المحاضرة.',
          ),
        ),
      )
      .executeTest(async (mockServer) => {
        const saved = await updateClass(signedInClient(mockServer), EXAMPLE_CLASS, payload);
        expect(saved.data.detail_info.description_ar).toBe('اقرأ هذا قبل المحاضرة.');
      });
  });

  it('refuses an Arabic title longer than the English may be (400 at its field)', async () => {
    const payload = input({
      detail_info: {
        title: 'What the cloud is',
        title_ar: 'ع'.repeat(TITLE_MAX + 1),
        description: 'A short introduction.',
        file: null,
      },
    });
    await signedIn(
      extensions,
      CLASS_STATES.trainerTeachesApprovedCourse,
      'the creation of a class with too long an Arabic title',
    )
      .sends('POST', CLASS_CREATE, pactBody(payload))
      .refusesField(400, 'detail_info.title_ar', AUTHORING_VALIDATION.classTitleMax)
      .executeTest(async (mockServer) => {
        const error = await expectRefusal(
          createClass(signedInClient(mockServer), payload),
          400,
          AUTHORING_VALIDATION.classTitleMax,
        );
        expect(error.body).toEqual({
          success: false,
          details: [{ field: 'detail_info.title_ar', message: AUTHORING_VALIDATION.classTitleMax }],
        });
      });
  });
});

describe('Class contract: POST /upload/ by a trainer', () => {
  // A real two-second video: the server refuses a video ffprobe cannot read.
  const clip = join(import.meta.dirname, '..', 'fixtures', 'clip.mp4');

  it("stores a class's video (multipart, part file) and answers its address", async () => {
    await signedIn(
      api,
      CLASS_STATES.trainerTeachesApprovedCourse,
      "an upload of a class's video by a trainer",
    )
      .postsForm(
        apiPath('/upload/'),
        {},
        { name: 'file', filename: 'intro.mp4', contentType: 'video/mp4', path: clip },
      )
      .answers(200, { file: regex(FILE_ADDRESS, EXAMPLE_FILE), name: 'intro.mp4', size: integer(4787) })
      .executeTest(async (mockServer) => {
        const uploaded = await uploadFile(
          signedInClient(mockServer),
          await fileBlob(clip, 'video/mp4'),
          'intro.mp4',
        );
        expect(uploaded.file).toMatch(new RegExp(FILE_ADDRESS));
      });
  });
});

describe('Authoring contract: GET /authoring/courses/{id}/lectures/', () => {
  it("gives the trainer's view of an approved course: every week with its lectures, and what may be done", async () => {
    await signedIn(
      extensions,
      CLASS_STATES.trainerTeachesApprovedCourse,
      "a request for the trainer's view of a course",
    )
      .sends(
        'GET',
        fromProviderState(
          apiPath(`/authoring/courses/\${${INJECTED_CLASS.courseId}}/lectures/`),
          apiPath(`/authoring/courses/${EXAMPLE_COURSE}/lectures/`),
        ),
      )
      .answers(200, {
        course: {
          id: integer(EXAMPLE_COURSE),
          title: like('Cloud Computing Fundamentals'),
          title_ar: like('أساسيات الحوسبة السحابية'),
          cover_image: like('/media/courses/it.svg'),
          status: 'Approved',
          display_status: 'ONGOING',
          rejection_reason: null,
          start_date: regex(DATE, '2026-11-16'),
          end_date: regex(DATE, '2027-01-22'),
        },
        role: 'trainer',
        flags: { can_edit: true, can_delete: boolean(true), can_add_class: true, can_take_action: true },
        weeks: eachLike(
          {
            week: integer(1),
            title: like('Cloud basics'),
            title_ar: like('أساسيات السحابة'),
            lectures: eachLike({
              id: integer(EXAMPLE_CLASS),
              title: like('Reading of week 1'),
              title_ar: like(''),
              class_type_name: regex('^(Class|Assignment|Quiz|Survey)$', 'Class'),
              file_extension: null,
              duration: null,
              editable: true,
            }),
          },
          4,
        ),
      })
      .executeTest(async (mockServer) => {
        const view = await getAuthoringCourse(signedInClient(mockServer), EXAMPLE_COURSE);
        expect(view.flags.can_add_class).toBe(true);
        expect(view.weeks[0]?.lectures[0]?.editable).toBe(true);
      });
  });
});
