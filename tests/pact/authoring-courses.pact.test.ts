import { AUTHORING_VALIDATION, type CourseInput } from '@contract/forms/authoring';
import { AUTHORING_MESSAGES } from '@contract/messages/authoring';
import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import {
  createCourse,
  deleteCourse,
  findFacilitator,
  getCourse,
  listSurveyCategories,
  listTrainerCourses,
  updateCourse,
} from '../../src/api/authoring';
import { listNotifications } from '../../src/api/notifications';
import { AUTHORING_COURSE_STATES, FACILITATOR_EMAIL, INJECTED_AUTHORING } from './authoring-course-states';
import { expectRefusal, interaction, signedIn } from './interactions';
import {
  apiPath,
  bearerHeader,
  errorBody,
  JSON_CONTENT,
  PROVIDERS,
  pactWith,
  pathWithId,
  signedInClient,
  signedOutClient,
} from './support';

const { like, eachLike, integer, regex, fromProviderState } = MatchersV3;

// The spec's trainer calls (section 7): the spec pact.
const api = pactWith(PROVIDERS.api);
// The facilitator search the product adds: the extensions pact.
const extensions = pactWith(PROVIDERS.extensions);

const DATE = '^\\d{4}-\\d{2}-\\d{2}$';
const DATE_TIME = '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d{1,3})?Z$';
const UPLOAD = '^/api/v1/files/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';
const COVER = '^/api/v1/covers/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\\.(png|jpg)$';
const EXAMPLE_UPLOAD = '/api/v1/files/5e2b7c1a-9d4f-4e8b-a6c3-1f0d2e3b4a5c';
const EXAMPLE_NEW_UPLOAD = '/api/v1/files/0c6d8e1f-2a3b-4c5d-8e9f-a0b1c2d3e4f5';
const EXAMPLE_COVER = '/api/v1/covers/9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d.png';

const courseIdPath = (example = 12) =>
  pathWithId((id) => `/course/course-create/${id}/`, INJECTED_AUTHORING.courseId, example);
const injectedId = (key: string, example: number) => fromProviderState(`\${${key}}`, example);
const injectedText = (key: string, example: string) => fromProviderState(`\${${key}}`, example);

const flags = { can_edit: true, can_delete: true, can_add_class: false, can_take_action: false };

/** The wizard's payload, as the example course of the state; the cover and category the state's. */
function payload(cover: string, overrides: Partial<CourseInput> = {}): CourseInput {
  return {
    title: 'Project Management Basics',
    title_ar: 'أساسيات إدارة المشاريع',
    subtitle: 'Plan, run and close a project.',
    subtitle_ar: 'خطط للمشروع ونفّذه وأغلقه.',
    description: 'Six weeks of planning practice.',
    description_ar: 'ستة أسابيع من التدريب على التخطيط.',
    category: 3,
    cover_image: cover,
    skill_level: 'Beginner',
    languages: ['Arabic', 'English'],
    captions: [],
    female_only: false,
    price_halalas: 19_900,
    weeks: [
      { syllabus_title: 'Scope', syllabus_title_ar: 'النطاق', lectures: 2, quizzes: 1, assignments: 0 },
    ],
    surveys: { pre: null, post: null },
    start_date: '2030-03-02',
    end_date: '2030-04-12',
    routine: [{ day: 'Sunday', start_time: '17:00', end_time: '19:00' }],
    facilitators: [],
    ...overrides,
  };
}

/** The payload as the pact pins it: the state's category and cover put in. */
function pactPayload(coverKey: string, exampleCover: string, overrides: Partial<CourseInput> = {}) {
  return {
    ...payload(exampleCover, overrides),
    category: injectedId(INJECTED_AUTHORING.categoryId, 3),
    cover_image: injectedText(coverKey, exampleCover),
  };
}

/** The course record of the answers: the state's course, Pending, the signed-in trainer its creator. */
function record(title = 'Project Management Basics') {
  return {
    id: integer(12),
    title,
    title_ar: 'أساسيات إدارة المشاريع',
    subtitle: like('Plan, run and close a project.'),
    subtitle_ar: like('خطط للمشروع ونفّذه وأغلقه.'),
    description: like('Six weeks of planning practice.'),
    description_ar: like('ستة أسابيع من التدريب على التخطيط.'),
    category: integer(3),
    cover_image: regex(UPLOAD, EXAMPLE_UPLOAD),
    cover_image_url: regex(COVER, EXAMPLE_COVER),
    skill_level: 'Beginner',
    languages: ['Arabic', 'English'],
    captions: [],
    female_only: false,
    price_halalas: 19_900,
    weeks: eachLike({
      syllabus_title: like('Scope'),
      syllabus_title_ar: like('النطاق'),
      lectures: integer(2),
      quizzes: integer(1),
      assignments: integer(0),
    }),
    surveys: { pre: null, post: null },
    start_date: regex(DATE, '2030-03-02'),
    end_date: regex(DATE, '2030-04-12'),
    routine: eachLike({ day: like('Sunday'), start_time: like('17:00'), end_time: like('19:00') }),
    facilitators: [],
    status: 'Pending',
    rejection_reason: null,
    role: 'trainer',
    flags,
    enrolled_count: 0,
  };
}

describe('Trainer courses contract: GET /course/course-list-of-a-trainer/', () => {
  it("lists the trainer's courses with status and what may be done", async () => {
    await signedIn(
      api,
      AUTHORING_COURSE_STATES.trainerHasPendingCourse,
      "a request for the signed-in trainer's courses",
    )
      .sends('GET', apiPath('/course/course-list-of-a-trainer/'))
      .answers(200, {
        results: eachLike({
          id: integer(12),
          title: like('Project Management Basics'),
          title_ar: like('أساسيات إدارة المشاريع'),
          cover_image: like(EXAMPLE_COVER),
          category: { id: integer(3), name: like('Business'), name_ar: like('الأعمال') },
          status: regex('^(Pending|Approved|Rejected|ONGOING|Completed)$', 'Pending'),
          rejection_reason: null,
          start_date: regex(DATE, '2030-03-02'),
          end_date: regex(DATE, '2030-04-12'),
          enrolled_count: integer(0),
          lecture_count: integer(0),
          role: regex('^(trainer|facilitator)$', 'trainer'),
          flags: {
            can_edit: like(true),
            can_delete: like(true),
            can_add_class: like(false),
            can_take_action: like(false),
          },
          updated_at: regex(DATE_TIME, '2026-11-24T01:30:00Z'),
        }),
      })
      .executeTest(async (mockServer) => {
        const courses = await listTrainerCourses(signedInClient(mockServer));
        expect(courses[0]?.status).toBe('Pending');
      });
  });
});

describe('Trainer courses contract: POST /course/course-create/', () => {
  it('sends a new course to the admin: it is Pending', async () => {
    await interaction(api, AUTHORING_COURSE_STATES.trainerHasPendingCourse, 'a new course from the wizard', {
      ...bearerHeader(),
      'Content-Type': 'application/json',
    })
      .sends(
        'POST',
        apiPath('/course/course-create/'),
        pactPayload(INJECTED_AUTHORING.newCover, EXAMPLE_NEW_UPLOAD),
      )
      .answers(201, {
        success: true,
        message: AUTHORING_MESSAGES.courseSubmitted,
        data: { ...record(), cover_image: regex(UPLOAD, EXAMPLE_NEW_UPLOAD) },
      })
      .executeTest(async (mockServer) => {
        const saved = await createCourse(signedInClient(mockServer), payload(EXAMPLE_NEW_UPLOAD));
        expect(saved.data.status).toBe('Pending');
        expect(saved.message).toBe(AUTHORING_MESSAGES.courseSubmitted);
      });
  });

  it('refuses a course without a title, naming the field', async () => {
    await interaction(api, AUTHORING_COURSE_STATES.trainerHasPendingCourse, 'a new course without a title', {
      ...bearerHeader(),
      'Content-Type': 'application/json',
    })
      .sends(
        'POST',
        apiPath('/course/course-create/'),
        pactPayload(INJECTED_AUTHORING.newCover, EXAMPLE_NEW_UPLOAD, { title: '' }),
      )
      .answers(400, {
        success: false,
        details: [{ field: 'title', message: AUTHORING_VALIDATION.titleRequired }],
      })
      .executeTest(async (mockServer) => {
        await expectRefusal(
          createCourse(signedInClient(mockServer), payload(EXAMPLE_NEW_UPLOAD, { title: '' })),
          400,
          AUTHORING_VALIDATION.titleRequired,
        );
      });
  });
});

describe('Trainer courses contract: GET, PUT and DELETE /course/course-create/{id}/', () => {
  it('answers the course as the wizard edits it', async () => {
    await signedIn(
      api,
      AUTHORING_COURSE_STATES.trainerHasPendingCourse,
      "a request for the trainer's course to edit",
    )
      .sends('GET', courseIdPath())
      .answers(200, record())
      .executeTest(async (mockServer) => {
        const course = await getCourse(signedInClient(mockServer), 12);
        expect(course.flags.can_delete).toBe(true);
      });
  });

  it('saves an edit, keeping the cover whose address comes back', async () => {
    await interaction(
      api,
      AUTHORING_COURSE_STATES.trainerHasPendingCourse,
      "an edit of the trainer's course",
      { ...bearerHeader(), 'Content-Type': 'application/json' },
    )
      .sends(
        'PUT',
        courseIdPath(),
        pactPayload(INJECTED_AUTHORING.courseCover, EXAMPLE_UPLOAD, {
          title: 'Project Management Essentials',
        }),
      )
      .answers(200, {
        success: true,
        message: AUTHORING_MESSAGES.courseSaved,
        data: record('Project Management Essentials'),
      })
      .executeTest(async (mockServer) => {
        const saved = await updateCourse(
          signedInClient(mockServer),
          12,
          payload(EXAMPLE_UPLOAD, { title: 'Project Management Essentials' }),
        );
        expect(saved.data.title).toBe('Project Management Essentials');
      });
  });

  it('deletes a course without trainees', async () => {
    await signedIn(api, AUTHORING_COURSE_STATES.trainerHasPendingCourse, "a deletion of the trainer's course")
      .sends('DELETE', courseIdPath())
      .answers(200, { success: true, message: AUTHORING_MESSAGES.courseDeleted })
      .executeTest(async (mockServer) => {
        const answer = await deleteCourse(signedInClient(mockServer), 12);
        expect(answer.message).toBe(AUTHORING_MESSAGES.courseDeleted);
      });
  });

  it('refuses to delete a course with trainees enrolled', async () => {
    await signedIn(
      api,
      AUTHORING_COURSE_STATES.trainerCourseHasTrainees,
      'a deletion of a course with trainees enrolled',
    )
      .sends('DELETE', courseIdPath())
      .refuses(409, AUTHORING_MESSAGES.courseHasTrainees)
      .executeTest(async (mockServer) => {
        await expectRefusal(
          deleteCourse(signedInClient(mockServer), 12),
          409,
          AUTHORING_MESSAGES.courseHasTrainees,
        );
      });
  });
});

describe('Trainer courses contract: GET /course/survey-category/', () => {
  it('lists the evaluation surveys a course may have', async () => {
    await interaction(
      api,
      AUTHORING_COURSE_STATES.surveyCategoriesExist,
      'a request for the survey categories',
      { Accept: 'application/json' },
    )
      .sends('GET', apiPath('/course/survey-category/'))
      .answers(
        200,
        eachLike({
          id: integer(1),
          name: like('Pre-course evaluation'),
          name_ar: like('تقييم ما قبل الدورة'),
          stage: regex('^(pre|post)$', 'pre'),
          question_count: integer(4),
        }),
      )
      .executeTest(async (mockServer) => {
        const categories = await listSurveyCategories(signedOutClient(mockServer));
        expect(categories[0]?.stage).toBe('pre');
      });
  });
});

describe('Trainer courses contract: GET /authoring/facilitators/', () => {
  it('finds the approved trainer with exactly this address', async () => {
    await extensions
      .addInteraction()
      .given(AUTHORING_COURSE_STATES.trainerHasPendingCourse)
      .uponReceiving('a facilitator search for an approved trainer')
      .withRequest('GET', apiPath('/authoring/facilitators/'), (b) =>
        b.headers(bearerHeader()).query({ email: FACILITATOR_EMAIL }),
      )
      .willRespondWith(200, (b) =>
        b.headers(JSON_CONTENT).jsonBody({
          id: integer(5),
          full_name: like('Dr. Hessa Al-Dossary'),
          email: FACILITATOR_EMAIL,
          image: like('/media/avatar.svg'),
        }),
      )
      .executeTest(async (mockServer) => {
        const found = await findFacilitator(signedInClient(mockServer), ` ${FACILITATOR_EMAIL} `);
        expect(found.email).toBe(FACILITATOR_EMAIL);
      });
  });

  it('answers 404 for an address no approved trainer has', async () => {
    await extensions
      .addInteraction()
      .given(AUTHORING_COURSE_STATES.trainerHasPendingCourse)
      .uponReceiving('a facilitator search for an unknown address')
      .withRequest('GET', apiPath('/authoring/facilitators/'), (b) =>
        b.headers(bearerHeader()).query({ email: 'nobody@example.com' }),
      )
      .willRespondWith(404, (b) =>
        b.headers(JSON_CONTENT).jsonBody(errorBody(AUTHORING_MESSAGES.facilitatorNotFound)),
      )
      .executeTest(async (mockServer) => {
        await expectRefusal(findFacilitator(signedInClient(mockServer), 'nobody@example.com'), 404);
      });
  });
});

describe('Trainer courses contract: the approval notices', () => {
  it("tells the trainer the admin's decisions, linking to the course or its edit", async () => {
    const notice = (
      title: string,
      text: string,
      title_ar: string,
      text_ar: string,
      link: string,
      example: string,
    ) => ({
      id: integer(9),
      title,
      text: like(text),
      seen: false,
      link: regex(link, example),
      title_ar,
      text_ar: like(text_ar),
    });
    await signedIn(
      extensions,
      AUTHORING_COURSE_STATES.trainerCoursesDecided,
      "a request for the trainer's notifications after the admin's decisions",
    )
      .sends('GET', apiPath('/notification/'))
      .answers(200, [
        notice(
          'Your course was not approved',
          'Project Management Basics was not approved. Reason: Add the practical labs to the weekly plan. Edit the course and send it again.',
          'لم يتم اعتماد دورتك',
          'لم يتم اعتماد أساسيات إدارة المشاريع. السبب: Add the practical labs to the weekly plan. عدّل الدورة ثم أرسلها مرة أخرى.',
          '^/edit-course/\\d+$',
          '/edit-course/12',
        ),
        notice(
          'Your course is approved',
          'Project Management Basics is now published in the catalogue. You can add classes, assignments and quizzes to it.',
          'تم اعتماد دورتك',
          'أصبحت أساسيات إدارة المشاريع منشورة في قائمة الدورات، ويمكنك الآن إضافة الدروس والواجبات والاختبارات إليها.',
          '^/manage-courses/\\d+$',
          '/manage-courses/11',
        ),
      ])
      .executeTest(async (mockServer) => {
        const [rejected, approved] = await listNotifications(signedInClient(mockServer));
        expect(rejected?.link).toBe('/edit-course/12');
        expect(approved?.link).toBe('/manage-courses/11');
      });
  });
});
