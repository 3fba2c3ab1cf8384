import type { Db } from '../db';
import { DEMO_ACCOUNTS } from '../demo-accounts';
import { coverImage } from '../seed-public';

/**
 * The authoring seed: the evaluation surveys a course may have (GET /course/survey-category/), and
 * the demo trainer's courses waiting for the admin (Pending) and sent back (Rejected, with a
 * reason), so that My courses shows every status after `npm start`. Idempotent by slug.
 */

type Question =
  | { kind: 'rating' | 'text'; text: string; text_ar: string; required?: boolean }
  | { kind: 'choice'; text: string; text_ar: string; required?: boolean; options: [string, string][] };

export const SURVEY_CATEGORIES: readonly {
  slug: string;
  name: string;
  name_ar: string;
  stage: 'pre' | 'post';
  questions: readonly Question[];
}[] = [
  {
    slug: 'pre-course-evaluation',
    name: 'Pre-course evaluation',
    name_ar: 'تقييم ما قبل الدورة',
    stage: 'pre',
    questions: [
      {
        kind: 'rating',
        text: 'How well do you know this subject today?',
        text_ar: 'ما مدى معرفتك بهذا الموضوع اليوم؟',
      },
      {
        kind: 'choice',
        text: 'Why are you taking this course?',
        text_ar: 'لماذا تلتحق بهذه الدورة؟',
        options: [
          ['For my current job', 'لعملي الحالي'],
          ['To change careers', 'لتغيير مساري المهني'],
          ['For personal interest', 'لاهتمام شخصي'],
        ],
      },
      {
        kind: 'choice',
        text: 'How much time can you give the course each week?',
        text_ar: 'كم من الوقت يمكنك تخصيصه للدورة أسبوعياً؟',
        options: [
          ['Less than 2 hours', 'أقل من ساعتين'],
          ['2 to 5 hours', 'من ساعتين إلى ٥ ساعات'],
          ['More than 5 hours', 'أكثر من ٥ ساعات'],
        ],
      },
      {
        kind: 'text',
        text: 'What do you hope to learn?',
        text_ar: 'ما الذي تأمل أن تتعلمه؟',
        required: false,
      },
    ],
  },
  {
    slug: 'post-course-evaluation',
    name: 'Post-course evaluation',
    name_ar: 'تقييم ما بعد الدورة',
    stage: 'post',
    questions: [
      { kind: 'rating', text: 'How useful was this course to you?', text_ar: 'ما مدى فائدة هذه الدورة لك؟' },
      {
        kind: 'rating',
        text: 'How clearly did the trainer explain the material?',
        text_ar: 'ما مدى وضوح شرح المدرب للمحتوى؟',
      },
      {
        kind: 'choice',
        text: 'Would you recommend this course?',
        text_ar: 'هل توصي بهذه الدورة؟',
        options: [
          ['Yes', 'نعم'],
          ['Maybe', 'ربما'],
          ['No', 'لا'],
        ],
      },
      {
        kind: 'text',
        text: 'What did you like most?',
        text_ar: 'ما الذي أعجبك أكثر؟',
        required: false,
      },
      {
        kind: 'text',
        text: 'What should we improve?',
        text_ar: 'ما الذي ينبغي أن نحسّنه؟',
        required: false,
      },
    ],
  },
];

/** The questions as survey_categories stores them (migration 014). */
function questionsJson(questions: readonly Question[]): string {
  return JSON.stringify(
    questions.map((question) => ({
      kind: question.kind,
      text: question.text,
      text_ar: question.text_ar,
      required: question.required ?? true,
      options:
        question.kind === 'choice'
          ? question.options.map(([text, text_ar], index) => ({ id: index + 1, text, text_ar }))
          : [],
    })),
  );
}

export async function seedSurveyCategories(db: Db): Promise<void> {
  for (const [position, category] of SURVEY_CATEGORIES.entries()) {
    await db.query(
      `INSERT INTO survey_categories (slug, name, name_ar, stage, questions, position)
       VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (slug) DO NOTHING`,
      [
        category.slug,
        category.name,
        category.name_ar,
        category.stage,
        questionsJson(category.questions),
        position,
      ],
    );
  }
}

/** The demo trainer's courses that are not approved: one waiting, one sent back with a reason. */
export const DEMO_AUTHORING_COURSES = {
  pending: {
    slug: 'demo-trainer-pending',
    title: 'Data Visualisation with Power BI',
    title_ar: 'تصوير البيانات باستخدام Power BI',
    subtitle: 'Turn spreadsheets into clear dashboards.',
    subtitle_ar: 'حوّل جداول البيانات إلى لوحات معلومات واضحة.',
    status: 'Pending',
    reason: null,
  },
  rejected: {
    slug: 'demo-trainer-rejected',
    title: 'Introduction to Cybersecurity',
    title_ar: 'مقدمة في الأمن السيبراني',
    subtitle: 'Protect accounts, devices and data.',
    subtitle_ar: 'احمِ الحسابات والأجهزة والبيانات.',
    status: 'Rejected',
    reason: 'Please add an Arabic description and a weekly plan for the practical labs.',
  },
} as const;

function isoDate(days: number, today = new Date()): string {
  const date = new Date(today);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

export async function seedDemoAuthoringCourses(db: Db): Promise<void> {
  const { rows: trainers } = await db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [
    DEMO_ACCOUNTS.trainer.email,
  ]);
  const { rows: categories } = await db.query<{ id: number; slug: string }>(
    'SELECT id, slug FROM course_categories ORDER BY position, id LIMIT 1',
  );
  const { rows: surveys } = await db.query<{ id: number; stage: string; name: string; name_ar: string }>(
    'SELECT id, stage, name, name_ar FROM survey_categories ORDER BY position, id',
  );
  const trainer = trainers[0];
  const category = categories[0];
  if (!trainer || !category) return;
  const pre = surveys.find((survey) => survey.stage === 'pre');
  for (const [index, course] of Object.values(DEMO_AUTHORING_COURSES).entries()) {
    const weeks = [1, 2, 3, 4].map((week) => ({
      week,
      syllabus_title: `Week ${week}`,
      syllabus_title_ar: `الأسبوع ${['١', '٢', '٣', '٤'][week - 1]}`,
      lectures: 2,
      quizzes: 1,
      assignments: week % 2,
    }));
    const start = 30 + index * 14;
    await db.query(
      `INSERT INTO courses (slug, title, title_ar, subtitle, subtitle_ar, description, description_ar, category_id,
         cover_image, skill_level, languages, captions, weeks, surveys, routine, female_only, start_date,
         end_date, status, rejection_reason, decided_at, created_by, price_halalas, pre_survey_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'Beginner', '["Arabic","English"]', '["English"]', $10, $11,
         $12, false, $13, $14, $15, $16, $17, $18, $19, $20)
       ON CONFLICT (slug) DO NOTHING`,
      [
        course.slug,
        course.title,
        course.title_ar,
        course.subtitle,
        course.subtitle_ar,
        `${course.subtitle} Four weeks of short lectures, guided practice and a final project.`,
        `${course.subtitle_ar} أربعة أسابيع من المحاضرات القصيرة والتطبيقات الموجّهة ومشروع نهائي.`,
        category.id,
        coverImage(category.slug),
        JSON.stringify(weeks),
        JSON.stringify(pre ? [{ stage: 'pre', title: pre.name, title_ar: pre.name_ar }] : []),
        JSON.stringify([
          { day: 'Sunday', start_time: '17:00', end_time: '19:00' },
          { day: 'Tuesday', start_time: '17:00', end_time: '19:00' },
        ]),
        isoDate(start),
        isoDate(start + 27),
        course.status,
        course.reason,
        course.reason ? new Date().toISOString() : null,
        trainer.id,
        29_900,
        pre?.id ?? null,
      ],
    );
  }
}

/** Everything authoring seeds. */
export async function seedAuthoring(db: Db): Promise<void> {
  await seedSurveyCategories(db);
  await seedDemoAuthoringCourses(db);
}
