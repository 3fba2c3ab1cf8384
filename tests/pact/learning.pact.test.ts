import { fileURLToPath } from 'node:url';
import { SERVER_MESSAGES } from '@contract/messages/server-messages';
import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import {
  answerSurvey,
  getAttempt,
  getAttemptReview,
  getCourseGrades,
  getCourseLectures,
  getLectureDetails,
  listOngoingCourses,
  markLectureRead,
  saveAnswer,
  saveVideoPosition,
  startAttempt,
  submitAssignment,
  submitAttempt,
  uploadFile,
} from '../../src/api/learning';
import { expectRefusal, fileBlob, signedIn } from './interactions';
import {
  INJECTED_ATTEMPT_ID,
  INJECTED_COURSE_ID,
  INJECTED_FILE_ADDRESS,
  INJECTED_LECTURES,
  INJECTED_QUESTION_ID,
  INJECTED_SURVEY_QUESTION_IDS,
  PROVIDER_STATES,
} from './states';
import {
  apiPath,
  bearerHeader,
  failureOf,
  JSON_CONTENT,
  PROVIDERS,
  pactWith,
  signedInClient,
} from './support';

const { like, eachLike, integer, number, regex, fromProviderState } = MatchersV3;

// The spec's learning calls (lecture details, read state, grades, upload): the spec pact.
const api = pactWith(PROVIDERS.api);
// The calls the product adds (lists, positions, submissions, attempts, surveys): the extensions pact.
const extensions = pactWith(PROVIDERS.extensions);

const UUID = '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';
const DATE = '^\\d{4}-\\d{2}-\\d{2}$';
/** A UTC time, to the second or the millisecond. */
const DATE_TIME = '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d{1,3})?Z$';
const FILE_ADDRESS = '^/api/v1/files/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';
/** A signed file link: it works without the bearer token until it expires. */
const SIGNED_FILE =
  '^/api/v1/files/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\\?expires=\\d+&signature=[A-Za-z0-9_-]+$';
const EXAMPLE_FILE = '/api/v1/files/5e2b7c1a-9d4f-4e8b-a6c3-1f0d2e3b4a5c';
const EXAMPLE_SIGNED = `${EXAMPLE_FILE}?expires=1795000000&signature=q2Vb7r9XgN0aLpK3sT5uW8yZ1cE4fH6jM0nP2rS4tU8`;
const EXAMPLE_ATTEMPT = '7d3f9b2e-4a6c-4e1d-8b5f-0c2a4e6f8a1b';
const EXAMPLE_KEY = '2c4e6a8b-0d1f-4a3c-9e5b-7d9f1b3d5f7a';

const injected = (key: string, example: number) => fromProviderState(`\${${key}}`, example);
const lecturePath = (key: string, example: number, template: (id: string) => string) =>
  fromProviderState(apiPath(template(`\${${key}}`)), apiPath(template(String(example))));
const attemptPath = (suffix = '') =>
  fromProviderState(
    apiPath(`/learning/attempts/\${${INJECTED_ATTEMPT_ID}}/${suffix}`),
    apiPath(`/learning/attempts/${EXAMPLE_ATTEMPT}/${suffix}`),
  );
const answerPath = () =>
  fromProviderState(
    apiPath(`/learning/attempts/\${${INJECTED_ATTEMPT_ID}}/answers/\${${INJECTED_QUESTION_ID}}/`),
    apiPath(`/learning/attempts/${EXAMPLE_ATTEMPT}/answers/41/`),
  );

const signedLink = (name: string, extension: string) => ({
  url: regex(SIGNED_FILE, EXAMPLE_SIGNED),
  name: like(name),
  extension,
  size: integer(45_364),
});

const learningCourse = {
  id: integer(7),
  title: like('Cloud Computing Essentials'),
  title_ar: like('أساسيات الحوسبة السحابية'),
  cover_image: like('/media/courses/it.svg'),
  start_date: regex(DATE, '2026-11-02'),
  end_date: regex(DATE, '2027-01-11'),
};

/** A lecture of the list as the state makes it: its kind, file and duration, not read yet. */
const listItem = (
  example: number,
  title: string,
  class_type_name: string,
  file_extension: string | null,
  duration: number | null = null,
) => ({
  id: integer(example),
  title: like(title),
  title_ar: like(title),
  class_type_name,
  file_extension,
  is_read: false,
  duration: duration === null ? null : integer(duration),
});

/** The questions of the state's quiz: a single choice, a multiple choice and a true/false. */
const quizQuestions = [
  {
    id: integer(41),
    kind: 'single',
    text: like('Which service model rents virtual machines?'),
    text_ar: like('أي نموذج خدمة يؤجر الأجهزة الافتراضية؟'),
    options: eachLike({ id: integer(1), text: like('IaaS'), text_ar: like('البنية كخدمة') }, 3),
  },
  {
    id: integer(42),
    kind: 'multiple',
    text: like('Which are public clouds?'),
    text_ar: like('أيها سحابات عامة؟'),
    options: eachLike({ id: integer(4), text: like('AWS'), text_ar: like('AWS') }, 4),
  },
  {
    id: integer(43),
    kind: 'true_false',
    text: like('Elasticity means paying for what you use.'),
    text_ar: like('المرونة تعني الدفع مقابل ما تستخدمه.'),
    options: eachLike({ id: integer(8), text: like('True'), text_ar: like('صح') }, 2),
  },
];

const attemptBody = (answers: unknown[]) => ({
  id: regex(UUID, EXAMPLE_ATTEMPT),
  lecture_id: integer(15),
  course_id: integer(7),
  number: 1,
  state: 'in_progress',
  started_at: regex(DATE_TIME, '2026-11-23T09:30:00.000Z'),
  deadline: regex(DATE_TIME, '2026-11-23T09:40:00.000Z'),
  server_now: regex(DATE_TIME, '2026-11-23T09:30:00.120Z'),
  questions: quizQuestions,
  answers,
});

/** The review of the state's submitted attempt: the first question answered right, the others not. */
const reviewBody = (submittedBy: 'trainee' | 'timeout') => ({
  id: regex(UUID, EXAMPLE_ATTEMPT),
  lecture_id: integer(15),
  course_id: integer(7),
  number: 1,
  score: number(3.33),
  correct_count: 1,
  question_count: 3,
  submitted_at: regex(DATE_TIME, '2026-11-23T09:36:00.000Z'),
  submitted_by: submittedBy,
  questions: quizQuestions.map((question, index) => ({
    ...question,
    choice: index === 0 ? [1] : [],
    correct: eachLike(integer(index === 0 ? 1 : 4)),
    is_correct: index === 0,
  })),
});

describe('Learning contract: GET /learning/courses/', () => {
  it("lists the trainee's ongoing courses with progress and the next lecture", async () => {
    await signedIn(extensions, PROVIDER_STATES.learningCourse, "a request for the trainee's ongoing courses")
      .sends('GET', apiPath('/learning/courses/'))
      .answers(200, {
        results: eachLike({
          course: learningCourse,
          status: 'enrolled',
          progress: { read: integer(0), total: integer(6) },
          next_lecture: { id: integer(11), title: like('Welcome'), title_ar: like('مرحباً') },
        }),
      })
      .executeTest(async (mockServer) => {
        const courses = await listOngoingCourses(signedInClient(mockServer));
        expect(courses[0]?.progress.total).toBe(6);
      });
  });
});

describe('Learning contract: GET /learning/courses/{id}/lectures/', () => {
  it('answers the course sidebar: lectures by week, the grades last', async () => {
    await signedIn(extensions, PROVIDER_STATES.learningCourse, "a request for an enrolled course's lectures")
      .sends(
        'GET',
        lecturePath(INJECTED_COURSE_ID, 7, (id) => `/learning/courses/${id}/lectures/`),
      )
      .answers(200, {
        course: learningCourse,
        status: 'enrolled',
        weeks: [
          {
            week: 1,
            title: like('Week 1'),
            title_ar: like('الأسبوع 1'),
            lectures: [
              listItem(11, 'Welcome', 'Class', null),
              listItem(12, 'What the cloud is', 'Class', 'mp4', 95),
              listItem(13, 'Course notes', 'Class', 'pdf'),
            ],
          },
          {
            week: 2,
            title: like('Week 2'),
            title_ar: like('الأسبوع 2'),
            lectures: [
              listItem(14, 'Design a deployment', 'Assignment', null),
              listItem(15, 'Service models quiz', 'Quiz', null),
              listItem(16, 'Before the course', 'Survey', null),
              {
                id: 0,
                title: like('Grads of Assignment'),
                title_ar: like('درجات الواجبات والاختبارات'),
                class_type_name: 'Grads of Assignment',
                file_extension: null,
                is_read: false,
                duration: null,
              },
            ],
          },
        ],
        progress: { read: 0, total: 6 },
        next_lecture_id: integer(11),
      })
      .executeTest(async (mockServer) => {
        const lectures = await getCourseLectures(signedInClient(mockServer), 7);
        expect(lectures.weeks[1]?.lectures.at(-1)?.class_type_name).toBe('Grads of Assignment');
      });
  });
});

/** The details every lecture shares, for a lecture of the state's course. */
const detailsOf = (item: ReturnType<typeof listItem>, week: number) => ({
  ...item,
  course_id: integer(7),
  week,
  description: like('What this lecture is about.'),
  description_ar: like('عمّ تتحدث هذه المحاضرة.'),
  body: like(''),
  body_ar: like(''),
});

describe('Learning contract: GET /course/individual-course-lecture-details/{id}/', () => {
  const detailsPath = (key: string) =>
    lecturePath(key, 12, (id) => `/course/individual-course-lecture-details/${id}/`);
  /** The demo video lecture, first of its week: all but its captions and poster. */
  const videoLecture = {
    ...detailsOf(listItem(12, 'What the cloud is', 'Class', 'mp4', 95), 1),
    file: signedLink('cloud-intro.mp4', 'mp4'),
    position: null,
    previous_id: integer(11),
    next_id: integer(13),
    assignment: null,
    quiz: null,
    survey: null,
  };

  it('answers a video lecture with its signed file, captions in both languages and neighbours', async () => {
    await signedIn(api, PROVIDER_STATES.learningCourse, 'a request for the details of a video lecture')
      .sends('GET', detailsPath(INJECTED_LECTURES.video))
      .answers(200, {
        ...videoLecture,
        captions: [
          { language: 'en', label: like('English'), url: regex(SIGNED_FILE, EXAMPLE_SIGNED) },
          { language: 'ar', label: like('العربية'), url: regex(SIGNED_FILE, EXAMPLE_SIGNED) },
        ],
      })
      .executeTest(async (mockServer) => {
        const lecture = await getLectureDetails(signedInClient(mockServer), 12);
        expect(lecture.captions.map((caption) => caption.language)).toEqual(['en', 'ar']);
      });
  });

  it("answers a video lecture with its poster frame's signed address (extensions)", async () => {
    await signedIn(
      extensions,
      PROVIDER_STATES.learningCourse,
      'a request for the details of a video lecture with its poster',
    )
      .sends('GET', detailsPath(INJECTED_LECTURES.video))
      .answers(200, {
        ...videoLecture,
        poster: regex(SIGNED_FILE, EXAMPLE_SIGNED),
        captions: eachLike({
          language: 'en',
          label: like('English'),
          url: regex(SIGNED_FILE, EXAMPLE_SIGNED),
        }),
      })
      .executeTest(async (mockServer) => {
        const lecture = await getLectureDetails(signedInClient(mockServer), 12);
        expect(lecture.poster).toMatch(new RegExp(SIGNED_FILE));
      });
  });

  it("answers an assignment with the trainee's returned attempt and that they may submit again", async () => {
    await signedIn(
      api,
      PROVIDER_STATES.assignmentReturned,
      'a request for the details of a returned assignment',
    )
      .sends('GET', detailsPath(INJECTED_LECTURES.assignment))
      .answers(200, {
        ...detailsOf({ ...listItem(14, 'Design a deployment', 'Assignment', null), is_read: true }, 2),
        file: null,
        captions: [],
        position: null,
        previous_id: integer(13),
        next_id: integer(15),
        assignment: {
          submissions: [
            {
              id: integer(3),
              attempt: 1,
              file: signedLink('deployment.pdf', 'pdf'),
              status: 'Returned',
              grade: null,
              feedback: like('Add the network diagram.'),
              feedback_file: null,
              submitted_at: regex(DATE_TIME, '2026-11-20T10:00:00Z'),
              reviewed_at: regex(DATE_TIME, '2026-11-21T08:00:00Z'),
            },
          ],
          can_submit: true,
        },
        quiz: null,
        survey: null,
      })
      .executeTest(async (mockServer) => {
        const lecture = await getLectureDetails(signedInClient(mockServer), 12);
        expect(lecture.assignment?.can_submit).toBe(true);
      });
  });

  it("answers a quiz with its settings and the trainee's attempts", async () => {
    await signedIn(
      api,
      PROVIDER_STATES.quizAttemptSubmitted,
      'a request for the details of a quiz the trainee has taken',
    )
      .sends('GET', detailsPath(INJECTED_LECTURES.quiz))
      .answers(200, {
        ...detailsOf({ ...listItem(15, 'Service models quiz', 'Quiz', null), is_read: true }, 2),
        file: null,
        captions: [],
        position: null,
        previous_id: integer(14),
        next_id: integer(16),
        assignment: null,
        quiz: {
          question_count: 3,
          time_limit_seconds: 600,
          attempts_allowed: 1,
          closes_at: null,
          shows_answers: true,
          attempts: [
            {
              id: regex(UUID, EXAMPLE_ATTEMPT),
              number: 1,
              state: 'submitted',
              started_at: regex(DATE_TIME, '2026-11-23T09:30:00Z'),
              submitted_at: regex(DATE_TIME, '2026-11-23T09:36:00Z'),
              score: number(3.33),
            },
          ],
          best_score: number(3.33),
        },
        survey: null,
      })
      .executeTest(async (mockServer) => {
        const lecture = await getLectureDetails(signedInClient(mockServer), 12);
        expect(lecture.quiz?.attempts[0]?.state).toBe('submitted');
      });
  });

  it('answers a survey with its questions, not answered yet', async () => {
    await signedIn(api, PROVIDER_STATES.learningCourse, 'a request for the details of a survey')
      .sends('GET', detailsPath(INJECTED_LECTURES.survey))
      .answers(200, {
        ...detailsOf(listItem(16, 'Before the course', 'Survey', null), 2),
        file: null,
        captions: [],
        position: null,
        previous_id: integer(15),
        next_id: null,
        assignment: null,
        quiz: null,
        survey: {
          stage: 'pre',
          questions: [
            {
              id: integer(51),
              kind: 'rating',
              text: like('How well do you know the subject?'),
              text_ar: like('ما مدى معرفتك بالموضوع؟'),
              required: true,
              options: [],
            },
            {
              id: integer(52),
              kind: 'choice',
              text: like('How did you hear of the course?'),
              text_ar: like('كيف عرفت بالدورة؟'),
              required: true,
              options: eachLike({ id: integer(1), text: like('A colleague'), text_ar: like('زميل') }, 2),
            },
            {
              id: integer(53),
              kind: 'text',
              text: like('What do you hope to learn?'),
              text_ar: like('ماذا تأمل أن تتعلم؟'),
              required: false,
              options: [],
            },
          ],
          answered_at: null,
        },
      })
      .executeTest(async (mockServer) => {
        const lecture = await getLectureDetails(signedInClient(mockServer), 12);
        expect(lecture.survey?.questions).toHaveLength(3);
      });
  });

  it('refuses a trainee who has withdrawn from the course (403)', async () => {
    await signedIn(
      api,
      PROVIDER_STATES.learningWithdrawn,
      'a request for the details of a lecture of a course the trainee left',
    )
      .sends('GET', detailsPath(INJECTED_LECTURES.read))
      .refuses(403, SERVER_MESSAGES.courseWithdrawn)
      .executeTest(async (mockServer) => {
        await expectRefusal(
          getLectureDetails(signedInClient(mockServer), 12),
          403,
          SERVER_MESSAGES.courseWithdrawn,
        );
      });
  });
});

describe('Learning contract: GET /course/lecture-is-read/{id}/', () => {
  it('marks a text lecture read when it is opened', async () => {
    await signedIn(api, PROVIDER_STATES.learningCourse, 'the opening of a text lecture')
      .sends(
        'GET',
        lecturePath(INJECTED_LECTURES.read, 11, (id) => `/course/lecture-is-read/${id}/`),
      )
      .answers(200, { id: integer(11), is_read: true })
      .executeTest(async (mockServer) => {
        expect(await markLectureRead(signedInClient(mockServer), 11)).toEqual({ id: 11, is_read: true });
      });
  });
});

describe('Learning contract: PUT /learning/lectures/{id}/position/', () => {
  it('keeps where the trainee is in a video (not read before 90 %)', async () => {
    await signedIn(extensions, PROVIDER_STATES.learningCourse, 'the position of the trainee in a video')
      .sends(
        'PUT',
        lecturePath(INJECTED_LECTURES.video, 12, (id) => `/learning/lectures/${id}/position/`),
        { seconds: 30.5 },
      )
      .answers(200, { seconds: number(30.5), is_read: false })
      .executeTest(async (mockServer) => {
        expect(await saveVideoPosition(signedInClient(mockServer), 12, 30.5)).toEqual({
          seconds: 30.5,
          is_read: false,
        });
      });
  });
});

describe('Learning contract: POST /upload/', () => {
  const pdf = fileURLToPath(new URL('../fixtures/cv.pdf', import.meta.url));

  it('stores a PDF (multipart, part file) and answers its address', async () => {
    await signedIn(api, PROVIDER_STATES.learningCourse, 'an upload of a PDF file')
      .postsForm(
        apiPath('/upload/'),
        {},
        { name: 'file', filename: 'answer.pdf', contentType: 'application/pdf', path: pdf },
      )
      .answers(200, { file: regex(FILE_ADDRESS, EXAMPLE_FILE), name: 'answer.pdf', size: integer(1024) })
      .executeTest(async (mockServer) => {
        const upload = await fileBlob(pdf, 'application/pdf');
        const uploaded = await uploadFile(signedInClient(mockServer), upload, 'answer.pdf');
        expect(uploaded.file).toMatch(new RegExp(FILE_ADDRESS));
      });
  });
});

describe('Learning contract: POST /learning/lectures/{id}/submissions/', () => {
  const submissionPath = () =>
    lecturePath(INJECTED_LECTURES.assignment, 14, (id) => `/learning/lectures/${id}/submissions/`);
  const fileBody = () => ({ file: fromProviderState(`\${${INJECTED_FILE_ADDRESS}}`, EXAMPLE_FILE) });

  it('hands in an uploaded file as the first attempt', async () => {
    await signedIn(extensions, PROVIDER_STATES.learningCourse, 'the submission of an assignment')
      .sends('POST', submissionPath(), fileBody())
      .answers(201, {
        id: integer(3),
        attempt: 1,
        file: signedLink('deployment.pdf', 'pdf'),
        status: 'Submitted',
        grade: null,
        feedback: null,
        feedback_file: null,
        submitted_at: regex(DATE_TIME, '2026-11-23T09:30:00Z'),
        reviewed_at: null,
      })
      .executeTest(async (mockServer) => {
        const submission = await submitAssignment(signedInClient(mockServer), 14, EXAMPLE_FILE);
        expect(submission.status).toBe('Submitted');
      });
  });

  it('refuses a second submission while the first waits for a grade (409)', async () => {
    await signedIn(
      extensions,
      PROVIDER_STATES.assignmentAwaitingGrade,
      'a second submission of an assignment that waits for a grade',
    )
      .sends('POST', submissionPath(), fileBody())
      .refuses(409, SERVER_MESSAGES.alreadySubmitted)
      .executeTest(async (mockServer) => {
        await expectRefusal(submitAssignment(signedInClient(mockServer), 14, EXAMPLE_FILE), 409);
      });
  });
});

describe('Learning contract: quiz attempts', () => {
  const startPath = () =>
    lecturePath(INJECTED_LECTURES.quiz, 15, (id) => `/learning/lectures/${id}/attempts/`);

  it('starts an attempt: its deadline, the server time and the questions without their answers', async () => {
    await signedIn(extensions, PROVIDER_STATES.learningCourse, 'the start of a quiz attempt')
      .sends('POST', startPath(), {})
      .answers(201, attemptBody([]))
      .executeTest(async (mockServer) => {
        const attempt = await startAttempt(signedInClient(mockServer), 15);
        expect(attempt.state).toBe('in_progress');
        expect(attempt.questions[0]).not.toHaveProperty('correct');
      });
  });

  it('refuses a new attempt when every attempt allowed is used (409)', async () => {
    await signedIn(
      extensions,
      PROVIDER_STATES.quizAttemptSubmitted,
      'the start of an attempt at a quiz whose attempts are used',
    )
      .sends('POST', startPath(), {})
      .refuses(409, SERVER_MESSAGES.attemptsUsed)
      .executeTest(async (mockServer) => {
        const error = await failureOf(startAttempt(signedInClient(mockServer), 15));
        expect(error.message).toBe(SERVER_MESSAGES.attemptsUsed);
      });
  });

  it('reads the attempt in progress with its saved answers', async () => {
    await signedIn(
      extensions,
      PROVIDER_STATES.quizAttemptInProgress,
      'a request for a quiz attempt in progress',
    )
      .sends('GET', attemptPath())
      .answers(200, attemptBody([{ question_id: integer(41), choice: [2], version: integer(1) }]))
      .executeTest(async (mockServer) => {
        const attempt = await getAttempt(signedInClient(mockServer), EXAMPLE_ATTEMPT);
        expect(attempt.answers[0]?.choice).toEqual([2]);
      });
  });

  it('saves an answer at its version', async () => {
    await signedIn(
      extensions,
      PROVIDER_STATES.quizAttemptInProgress,
      'an answer to a question of an attempt in progress',
    )
      .sends('PUT', answerPath(), { choice: [1], version: 2 })
      .answers(200, {
        question_id: integer(41),
        version: 2,
        saved_at: regex(DATE_TIME, '2026-11-23T09:31:00.000Z'),
      })
      .executeTest(async (mockServer) => {
        const saved = await saveAnswer(signedInClient(mockServer), EXAMPLE_ATTEMPT, 41, {
          choice: [1],
          version: 2,
        });
        expect(saved.version).toBe(2);
      });
  });

  it('refuses two options for a single-choice question (400)', async () => {
    await signedIn(
      extensions,
      PROVIDER_STATES.quizAttemptInProgress,
      'two options chosen for a single-choice question',
    )
      .sends('PUT', answerPath(), { choice: [1, 2], version: 3 })
      .refuses(400, SERVER_MESSAGES.answerInvalid)
      .executeTest(async (mockServer) => {
        await expectRefusal(
          saveAnswer(signedInClient(mockServer), EXAMPLE_ATTEMPT, 41, { choice: [1, 2], version: 3 }),
          400,
        );
      });
  });

  it('refuses an answer after the time ran out (409)', async () => {
    await signedIn(
      extensions,
      PROVIDER_STATES.quizAttemptTimedOut,
      'an answer to an attempt whose time ran out',
    )
      .sends('PUT', answerPath(), { choice: [1], version: 2 })
      .refuses(409, SERVER_MESSAGES.attemptEnded)
      .executeTest(async (mockServer) => {
        const error = await failureOf(
          saveAnswer(signedInClient(mockServer), EXAMPLE_ATTEMPT, 41, { choice: [1], version: 2 }),
        );
        expect(error.message).toBe(SERVER_MESSAGES.attemptEnded);
      });
  });

  it('submits the attempt with a key and answers its review', async () => {
    await signedIn(extensions, PROVIDER_STATES.quizAttemptInProgress, 'the submission of a quiz attempt')
      .sends('POST', attemptPath('submit/'), { key: regex('^[A-Za-z0-9-]{8,64}$', EXAMPLE_KEY) })
      .answers(200, {
        ...reviewBody('trainee'),
        score: 0,
        correct_count: 0,
        questions: quizQuestions.map((question, index) => ({
          ...question,
          choice: index === 0 ? [2] : [],
          correct: eachLike(integer(index === 0 ? 1 : 4)),
          is_correct: false,
        })),
      })
      .executeTest(async (mockServer) => {
        const review = await submitAttempt(signedInClient(mockServer), EXAMPLE_ATTEMPT, EXAMPLE_KEY);
        expect(review.submitted_by).toBe('trainee');
      });
  });

  it('answers the review of a submitted attempt, with the correct answers as the quiz shows them', async () => {
    await signedIn(
      extensions,
      PROVIDER_STATES.quizAttemptSubmitted,
      'a request for the review of a submitted attempt',
    )
      .sends('GET', attemptPath('review/'))
      .answers(200, reviewBody('trainee'))
      .executeTest(async (mockServer) => {
        const review = await getAttemptReview(signedInClient(mockServer), EXAMPLE_ATTEMPT);
        expect(review.questions[0]?.is_correct).toBe(true);
      });
  });
});

describe('Learning contract: POST /learning/lectures/{id}/survey/', () => {
  it('stores the answers of the pre-course survey', async () => {
    await signedIn(extensions, PROVIDER_STATES.learningCourse, 'the answers to a survey')
      .sends(
        'POST',
        lecturePath(INJECTED_LECTURES.survey, 16, (id) => `/learning/lectures/${id}/survey/`),
        {
          answers: [
            { question_id: injected(INJECTED_SURVEY_QUESTION_IDS.rating, 51), rating: 4 },
            { question_id: injected(INJECTED_SURVEY_QUESTION_IDS.choice, 52), option: 1 },
            {
              question_id: injected(INJECTED_SURVEY_QUESTION_IDS.text, 53),
              text: 'Deploying my own service',
            },
          ],
        },
      )
      .answers(200, { success: true, message: SERVER_MESSAGES.surveyThanks })
      .executeTest(async (mockServer) => {
        const answer = await answerSurvey(signedInClient(mockServer), 16, {
          answers: [
            { question_id: 51, rating: 4 },
            { question_id: 52, option: 1 },
            { question_id: 53, text: 'Deploying my own service' },
          ],
        });
        expect(answer.message).toBe(SERVER_MESSAGES.surveyThanks);
      });
  });
});

describe('Learning contract: GET /course/trainee-view-grade-of-assignment-and-quiz/', () => {
  it("answers the course's assignments and quizzes with status, grade and the total", async () => {
    await api
      .addInteraction()
      .given(PROVIDER_STATES.quizAttemptSubmitted)
      .uponReceiving("a request for the trainee's grades in a course")
      .withRequest('GET', apiPath('/course/trainee-view-grade-of-assignment-and-quiz/'), (b) =>
        b.headers(bearerHeader()).query({ course_id: fromProviderState(`\${${INJECTED_COURSE_ID}}`, '7') }),
      )
      .willRespondWith(200, (b) =>
        b.headers(JSON_CONTENT).jsonBody({
          course_id: integer(7),
          items: [
            {
              lecture_id: integer(14),
              title: like('Design a deployment'),
              title_ar: like('تصميم نشر'),
              kind: 'assignment',
              status: 'Not submitted',
              grade: null,
              feedback: null,
              graded_at: null,
            },
            {
              lecture_id: integer(15),
              title: like('Service models quiz'),
              title_ar: like('اختبار نماذج الخدمة'),
              kind: 'quiz',
              status: 'Reviewed',
              grade: number(3.33),
              feedback: null,
              graded_at: regex(DATE_TIME, '2026-11-23T09:36:00Z'),
            },
          ],
          total: number(3.33),
          possible: 20,
          average: number(3.33),
        }),
      )
      .executeTest(async (mockServer) => {
        const grades = await getCourseGrades(signedInClient(mockServer), 7);
        expect(grades.items.map((item) => item.kind)).toEqual(['assignment', 'quiz']);
      });
  });
});
