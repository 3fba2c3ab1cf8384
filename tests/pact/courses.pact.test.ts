import { SERVER_MESSAGES } from '@contract/messages/server-messages';
import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import {
  browseCourses,
  getAvailability,
  getCategories,
  getCourseAbout,
  searchCourses,
} from '../../src/api/courses';
import { expectRefusal, interaction } from './interactions';
import { INJECTED_CATEGORY_IDS, INJECTED_COURSE_ID, PROVIDER_STATES, PUBLISHED_COURSE } from './states';
import { apiPath, JSON_CONTENT, PROVIDERS, pactWith, pathWithId, signedOutClient } from './support';

const { like, eachLike, integer, regex, boolean, fromProviderState } = MatchersV3;

const pact = pactWith(PROVIDERS.api);
const ACCEPT = { Accept: 'application/json' };
const DATE = '^\\d{4}-\\d{2}-\\d{2}$';
const TIME = '^\\d{2}:\\d{2}$';
const WEEKDAY = '^(Saturday|Sunday|Monday|Tuesday|Wednesday|Thursday|Friday)$';

const courseCard = {
  id: integer(1),
  cover_image: like('/media/covers/information-technology.svg'),
  title: like('Web Development with TypeScript'),
  title_ar: like('تطوير الويب باستخدام TypeScript'),
  created_by: { image: like('/media/avatars/person.svg'), full_name: like('Dr. Khalid Al-Mulhim') },
  created_by_details: { full_name: like('Dr. Khalid Al-Mulhim') },
  status: 'Approved',
};

/** Every field of a published course (GET /course/about/{id}/). */
const courseAbout = {
  ...courseCard,
  subtitle: like('Build modern, typed web applications.'),
  subtitle_ar: like('ابنِ تطبيقات ويب حديثة بلغة مضبوطة الأنواع.'),
  description: like('Over 4 weeks you will learn through short lectures.'),
  description_ar: like('على مدى 4 أسابيع ستتعلم من خلال محاضرات قصيرة.'),
  category: {
    id: integer(1),
    name: like('Information Technology'),
    name_ar: like('تقنية المعلومات'),
  },
  skill_level: like('Beginner'),
  languages: eachLike('Arabic'),
  captions: eachLike('English'),
  weeks: eachLike({
    week: integer(1),
    syllabus_title: like('Foundations and tools'),
    syllabus_title_ar: like('الأسس والأدوات'),
    lectures: integer(2),
    quizzes: integer(1),
    assignments: integer(0),
  }),
  surveys: eachLike({
    stage: regex('^(pre|post)$', 'pre'),
    title: like('Pre-course evaluation'),
    title_ar: like('تقييم ما قبل الدورة'),
  }),
  facilitators: eachLike({
    full_name: like('Nouf Al-Mutairi'),
    image: like('/media/avatars/person.svg'),
  }),
  routine: eachLike({
    day: regex(WEEKDAY, 'Sunday'),
    start_time: regex(TIME, '17:00'),
    end_time: regex(TIME, '19:00'),
  }),
  female_only: boolean(false),
  start_date: regex(DATE, '2026-12-03'),
  end_date: regex(DATE, '2026-12-30'),
  price_halalas: integer(49900),
};

function cardPage(page: number, limit: number) {
  return { count: integer(41), page, limit, results: eachLike(courseCard) };
}

// Not in the spec: the extensions pact.
const extensions = pactWith(PROVIDERS.extensions);

describe('Catalogue contract: the price a trainee pays, VAT included (not in the spec)', () => {
  it('gives each card of the catalogue its price', async () => {
    await extensions
      .addInteraction()
      .given(PROVIDER_STATES.coursesPublished)
      .uponReceiving('a request for the first catalogue page, with prices')
      .withRequest('GET', apiPath('/course/browse-course-list/'), (b) =>
        b.headers(ACCEPT).query({ page: '1', limit: '25' }),
      )
      .willRespondWith(200, (b) =>
        b.headers(JSON_CONTENT).jsonBody({
          count: integer(41),
          page: 1,
          limit: 25,
          results: eachLike({ ...courseCard, price_with_vat_halalas: integer(57385) }),
        }),
      )
      .executeTest(async (mockServer) => {
        const page = await browseCourses(signedOutClient(mockServer));
        expect(page.results[0]?.price_with_vat_halalas).toBe(57385);
      });
  });

  it('gives a published course its price', async () => {
    await interaction(
      extensions,
      PROVIDER_STATES.coursesPublished,
      'a request for the details of a published course, with its price',
      ACCEPT,
    )
      .sends(
        'GET',
        pathWithId((id) => `/course/about/${id}/`, INJECTED_COURSE_ID, 1),
      )
      .answers(200, { ...courseAbout, price_with_vat_halalas: integer(57385) })
      .executeTest(async (mockServer) => {
        const course = await getCourseAbout(signedOutClient(mockServer), 1);
        expect(course.price_with_vat_halalas).toBe(57385);
      });
  });
});

describe('Catalogue contract: GET /course/browse-course-list/', () => {
  it('lists the first page of approved courses', async () => {
    await pact
      .addInteraction()
      .given(PROVIDER_STATES.coursesPublished)
      .uponReceiving('a request for the first catalogue page')
      .withRequest('GET', apiPath('/course/browse-course-list/'), (b) =>
        b.headers(ACCEPT).query({ page: '1', limit: '25' }),
      )
      .willRespondWith(200, (b) => b.headers(JSON_CONTENT).jsonBody(cardPage(1, 25)))
      .executeTest(async (mockServer) => {
        const page = await browseCourses(signedOutClient(mockServer));
        expect(page.page).toBe(1);
        expect(page.results[0]?.status).toBe('Approved');
      });
  });

  it('finds courses by their Arabic title', async () => {
    await pact
      .addInteraction()
      .given(PROVIDER_STATES.coursesPublished)
      .uponReceiving('a catalogue search in Arabic')
      .withRequest('GET', apiPath('/course/browse-course-list/'), (b) =>
        b.headers(ACCEPT).query({ page: '1', limit: '8', search: PUBLISHED_COURSE.searchAr }),
      )
      .willRespondWith(200, (b) =>
        b.headers(JSON_CONTENT).jsonBody({
          ...cardPage(1, 8),
          results: eachLike({
            ...courseCard,
            title_ar: regex(`.*${PUBLISHED_COURSE.searchAr}.*`, 'تطوير الويب باستخدام TypeScript'),
          }),
        }),
      )
      .executeTest(async (mockServer) => {
        const page = await browseCourses(signedOutClient(mockServer), {
          limit: 8,
          search: ` ${PUBLISHED_COURSE.searchAr} `,
        });
        expect(page.results[0]?.title_ar).toContain(PUBLISHED_COURSE.searchAr);
      });
  });
});

describe('Catalogue contract: GET /course/search-result/', () => {
  it('filters by title, categories and availability', async () => {
    await pact
      .addInteraction()
      .given(PROVIDER_STATES.coursesPublished)
      .uponReceiving('a catalogue search by title, categories and availability')
      .withRequest('GET', apiPath('/course/search-result/'), (b) =>
        b.headers(ACCEPT).query({
          page: '1',
          limit: '25',
          search: PUBLISHED_COURSE.search,
          category: fromProviderState(
            `\${${INJECTED_CATEGORY_IDS[0]}},\${${INJECTED_CATEGORY_IDS[1]}}`,
            '1,2',
          ),
          availability: 'upcoming',
        }),
      )
      .willRespondWith(200, (b) =>
        b.headers(JSON_CONTENT).jsonBody({
          ...cardPage(1, 25),
          results: eachLike({
            ...courseCard,
            title: regex(`(?i).*${PUBLISHED_COURSE.search}.*`, 'Web Development with TypeScript'),
          }),
        }),
      )
      .executeTest(async (mockServer) => {
        const page = await searchCourses(signedOutClient(mockServer), {
          search: PUBLISHED_COURSE.search,
          category: [1, 2],
          availability: 'upcoming',
        });
        expect(page.results[0]?.title).toContain('TypeScript');
      });
  });
});

describe('Catalogue contract: filters', () => {
  it('lists the categories', async () => {
    await interaction(pact, PROVIDER_STATES.coursesPublished, 'a request for the course categories', ACCEPT)
      .sends('GET', apiPath('/course/category/'))
      .answers(
        200,
        eachLike({
          id: integer(1),
          name: like('Information Technology'),
          name_ar: like('تقنية المعلومات'),
        }),
      )
      .executeTest(async (mockServer) => {
        const categories = await getCategories(signedOutClient(mockServer));
        expect(categories[0]?.name_ar).toBe('تقنية المعلومات');
      });
  });

  it('lists the availability choices', async () => {
    await interaction(
      pact,
      PROVIDER_STATES.coursesPublished,
      'a request for the availability choices',
      ACCEPT,
    )
      .sends('GET', apiPath('/course/availability/'))
      .answers(200, [
        { id: 'ongoing', name: like('Ongoing'), name_ar: like('جارية') },
        { id: 'upcoming', name: like('Upcoming'), name_ar: like('قادمة') },
      ])
      .executeTest(async (mockServer) => {
        const choices = await getAvailability(signedOutClient(mockServer));
        expect(choices.map((choice) => choice.id)).toEqual(['ongoing', 'upcoming']);
      });
  });
});

describe('Catalogue contract: GET /course/about/{id}/', () => {
  it('reads every field of a published course', async () => {
    await interaction(
      pact,
      PROVIDER_STATES.coursesPublished,
      'a request for the details of a published course',
      ACCEPT,
    )
      .sends(
        'GET',
        pathWithId((id) => `/course/about/${id}/`, INJECTED_COURSE_ID, 1),
      )
      .answers(200, courseAbout)
      .executeTest(async (mockServer) => {
        const course = await getCourseAbout(signedOutClient(mockServer), 1);
        expect(course.price_halalas).toBe(49900);
        expect(course.routine[0]?.day).toBe('Sunday');
        expect(course.weeks[0]?.week).toBe(1);
        expect(course.female_only).toBe(false);
      });
  });

  it('does not show a course that awaits approval (404)', async () => {
    await interaction(
      pact,
      PROVIDER_STATES.courseAwaitingApproval,
      'a request for the details of a course awaiting approval',
      ACCEPT,
    )
      .sends(
        'GET',
        pathWithId((id) => `/course/about/${id}/`, INJECTED_COURSE_ID, 7),
      )
      .refuses(404, SERVER_MESSAGES.notFound)
      .executeTest(async (mockServer) => {
        await expectRefusal(getCourseAbout(signedOutClient(mockServer), 7), 404);
      });
  });
});
