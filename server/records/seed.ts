import { randomUUID } from 'node:crypto';
import type { RoutineSlot } from '@contract/wire/courses';
import type { Db } from '../db';
import { DEMO_ACCOUNTS } from '../demo-accounts';
import { SEED_TRAINERS } from '../seed-content';
import { coverImage } from '../seed-public';
import { ensureUser, findUserByEmail } from '../users';
import { heldSessions } from './completion';

/**
 * The demo trainer's records: two courses that have ended, so the course history and the completed
 * course details show real figures after `npm start` (the rejected course of server/authoring/
 * course-seed.ts shows there too).
 *
 * - "Project Management Essentials" (the demo trainer's): ended two weeks ago, six trainees (the demo
 *   trainee among them) with attendance, assignment grades, quiz scores and the five classmates'
 *   reviews (not the demo trainee's: she may write one); four complete
 *   it by the default rule (75 %, 5 of 10), two do not (one missed sessions, one has low grades).
 * - "Excel for Data Analysis" (Dr. Hessa Al-Dossary's, the demo trainer facilitates it): closed early
 *   by its trainer ten days ago, with a stricter rule (80 %, 6 of 10) and three trainees, two of whom
 *   complete it.
 *
 * Idempotent: each course is made once (by slug) with everything in it, in one transaction.
 */

export const RECORD_COURSES = {
  completed: {
    slug: 'demo-trainer-completed',
    title: 'Project Management Essentials',
    title_ar: 'أساسيات إدارة المشاريع',
  },
  closed: {
    slug: 'demo-trainer-facilitated-closed',
    title: 'Excel for Data Analysis',
    title_ar: 'إكسل لتحليل البيانات',
  },
} as const;

/** The trainees of the records (besides the demo trainee); each with a stable id number. */
const RECORD_TRAINEES = [
  { full_name: 'Noura Al-Harbi', email: 'noura.alharbi@example.com', govt_id_or_iqama_no: '1077770001' },
  {
    full_name: 'Faisal Al-Shammari',
    email: 'faisal.alshammari@example.com',
    govt_id_or_iqama_no: '1077770002',
  },
  { full_name: 'Lama Al-Zahrani', email: 'lama.alzahrani@example.com', govt_id_or_iqama_no: '1077770003' },
  { full_name: 'Omar Al-Mutairi', email: 'omar.almutairi@example.com', govt_id_or_iqama_no: '1077770004' },
  { full_name: 'Reema Al-Qarni', email: 'reema.alqarni@example.com', govt_id_or_iqama_no: '1077770005' },
] as const;

/** The seeded trainees' password (they are there for the trainer's figures; they can sign in too). */
const TRAINEE_PASSWORD = 'Trainee#2026';

interface Work {
  /** Per cent of the sessions attended (the first ones missed). */
  attendance: number;
  /** Assignment grades, one per assignment; null: not handed in. */
  assignments: readonly (number | null)[];
  /** Quiz scores; null: not taken. */
  quizzes: readonly (number | null)[];
  review?: { rating: number; review: string };
}

const ROUTINE: RoutineSlot[] = [
  { day: 'Sunday', start_time: '17:00', end_time: '19:00' },
  { day: 'Tuesday', start_time: '17:00', end_time: '19:00' },
];

function isoDate(days: number, today = new Date()): string {
  return new Date(today.getTime() + days * 86_400_000).toISOString().slice(0, 10);
}

interface RecordCourseSeed {
  slug: string;
  title: string;
  title_ar: string;
  subtitle: string;
  subtitle_ar: string;
  createdBy: number;
  facilitator: number | null;
  startDays: number;
  endDays: number;
  closedDaysAgo: number | null;
  rule: { min_attendance: number; min_grade: number };
  assignments: readonly [string, string][];
  quizzes: readonly [string, string][];
  trainees: readonly { userId: number; work: Work }[];
}

async function seedCourse(db: Db, seed: RecordCourseSeed): Promise<void> {
  const { rows: categories } = await db.query<{ id: number; slug: string }>(
    'SELECT id, slug FROM course_categories ORDER BY position, id LIMIT 1',
  );
  const category = categories[0];
  if (!category) return;
  await db.transaction(async (tx) => {
    const weeks = [1, 2, 3, 4, 5, 6, 7, 8].map((week) => ({
      week,
      syllabus_title: `Week ${week}`,
      syllabus_title_ar: `الأسبوع ${week}`,
      lectures: 1,
      quizzes: week === 4 || week === 8 ? 1 : 0,
      assignments: week % 3 === 0 ? 1 : 0,
    }));
    const { rows } = await tx.query<{ id: number }>(
      `INSERT INTO courses (slug, title, title_ar, subtitle, subtitle_ar, description, description_ar, category_id,
         cover_image, skill_level, languages, captions, weeks, surveys, routine, female_only, start_date,
         end_date, status, decided_at, created_by, price_halalas, closed_at, closed_by,
         completion_min_attendance, completion_min_grade, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'Beginner', '["Arabic","English"]', '["English"]', $10, '[]',
         $11, false, $12, $13, 'Approved', $14, $15, 0, $16, $17, $18, $19, $20, $20)
       ON CONFLICT (slug) DO NOTHING RETURNING id`,
      [
        seed.slug,
        seed.title,
        seed.title_ar,
        seed.subtitle,
        seed.subtitle_ar,
        `${seed.subtitle} Eight weeks of lectures, practice, assignments and quizzes.`,
        `${seed.subtitle_ar} ثمانية أسابيع من المحاضرات والتطبيق والواجبات والاختبارات.`,
        category.id,
        coverImage(category.slug),
        JSON.stringify(weeks),
        JSON.stringify(ROUTINE),
        isoDate(seed.startDays),
        isoDate(seed.endDays),
        new Date(Date.now() + (seed.startDays - 20) * 86_400_000).toISOString(),
        seed.createdBy,
        seed.closedDaysAgo === null
          ? null
          : new Date(Date.now() - seed.closedDaysAgo * 86_400_000).toISOString(),
        seed.closedDaysAgo === null ? null : seed.createdBy,
        seed.rule.min_attendance,
        seed.rule.min_grade,
        // Made a month before it was approved: older than the catalogue's newest courses.
        new Date(Date.now() + (seed.startDays - 50) * 86_400_000).toISOString(),
      ],
    );
    const courseId = rows[0]?.id;
    if (courseId === undefined) return;
    if (seed.facilitator !== null) {
      await tx.query(
        'INSERT INTO course_facilitators (course_id, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING',
        [courseId, seed.facilitator],
      );
    }
    const lectureIds = async (
      items: readonly [string, string][],
      type: 'Assignment' | 'Quiz',
      first: number,
    ) => {
      const ids: number[] = [];
      for (const [index, [title, title_ar]] of items.entries()) {
        const { rows: lecture } = await tx.query<{ id: number }>(
          `INSERT INTO lectures (course_id, slug, week, position, class_type, title, title_ar, description, description_ar)
           VALUES ($1, $2, $3, 1, $4, $5, $6, $7, $8) RETURNING id`,
          [
            courseId,
            `${seed.slug}-${type.toLowerCase()}-${index + 1}`,
            first + index * 3,
            type,
            title,
            title_ar,
            type === 'Quiz' ? 'One attempt; the score counts.' : 'Hand in one file.',
            type === 'Quiz' ? 'محاولة واحدة، وتُحتسب الدرجة.' : 'سلّم ملفاً واحداً.',
          ],
        );
        const id = lecture[0]?.id;
        if (id === undefined) continue;
        if (type === 'Quiz') {
          await tx.query('INSERT INTO quizzes (lecture_id, attempts_allowed) VALUES ($1, 1)', [id]);
          await tx.query(
            `INSERT INTO questions (lecture_id, position, kind, text, text_ar, options, correct)
             VALUES ($1, 1, 'true_false', $2, $3, $4, '[1]')`,
            [
              id,
              `${title}: the answer is True.`,
              `${title_ar}: الإجابة صواب.`,
              JSON.stringify([
                { id: 1, text: 'True', text_ar: 'صواب' },
                { id: 2, text: 'False', text_ar: 'خطأ' },
              ]),
            ],
          );
        }
        ids.push(id);
      }
      return ids;
    };
    const assignments = await lectureIds(seed.assignments, 'Assignment', 3);
    const quizzes = await lectureIds(seed.quizzes, 'Quiz', 4);
    const { rows: files } = await tx.query<{ id: string }>(
      `SELECT id::text FROM uploads WHERE path LIKE 'seed/%' AND extension = 'pdf' ORDER BY id LIMIT 1`,
    );
    const fileId = files[0]?.id;
    const { rows: closed } = await tx.query<{ closed_at: string | null }>(
      `SELECT to_char(closed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS closed_at FROM courses WHERE id = $1`,
      [courseId],
    );
    const held = heldSessions(
      {
        id: courseId,
        start_date: isoDate(seed.startDays),
        end_date: isoDate(seed.endDays),
        closed_at: closed[0]?.closed_at ?? null,
        routine: ROUTINE,
        rule: seed.rule,
      },
      [],
      new Date(),
    );
    for (const [order, { userId, work }] of seed.trainees.entries()) {
      await tx.query(
        `INSERT INTO enrolments (user_id, course_id, status) VALUES ($1, $2, 'enrolled') ON CONFLICT DO NOTHING`,
        [userId, courseId],
      );
      const missed = held.length - Math.round((held.length * work.attendance) / 100);
      for (const [index, session] of held.entries()) {
        await tx.query(
          `INSERT INTO attendance (course_id, session_date, user_id, status, marked_by, marked_at)
           VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING`,
          [
            courseId,
            session.date,
            userId,
            index < missed ? 'Absent' : 'Present',
            index % 2 === 0 ? 'qr' : 'trainer',
            `${session.date}T14:10:00Z`,
          ],
        );
      }
      for (const [index, lectureId] of assignments.entries()) {
        const grade = work.assignments[index] ?? null;
        if (grade === null || !fileId) continue;
        await tx.query(
          `INSERT INTO submissions (lecture_id, user_id, attempt, file_id, status, grade, feedback, submitted_at,
             reviewed_at, reviewed_by)
           VALUES ($1, $2, 1, $3, 'Reviewed', $4, $5, now() - interval '40 days', now() - interval '35 days', $6)`,
          [
            lectureId,
            userId,
            fileId,
            grade,
            grade >= 5 ? 'Well done.' : 'Review the week’s notes.',
            seed.createdBy,
          ],
        );
      }
      for (const [index, lectureId] of quizzes.entries()) {
        const score = work.quizzes[index] ?? null;
        if (score === null) continue;
        await tx.query(
          `INSERT INTO quiz_attempts (id, lecture_id, user_id, number, started_at, submitted_at, submitted_by, score, correct_count)
           VALUES ($1, $2, $3, 1, now() - interval '30 days', now() - interval '30 days' + interval '12 minutes',
             'trainee', $4, $5)`,
          [randomUUID(), lectureId, userId, score, score >= 5 ? 1 : 0],
        );
      }
      if (work.review) {
        await tx.query(
          `INSERT INTO course_reviews (course_id, user_id, rating, review, created_at, updated_at)
           VALUES ($1, $2, $3, $4, now() - make_interval(days => $5), now() - make_interval(days => $5))
           ON CONFLICT DO NOTHING`,
          [courseId, userId, work.review.rating, work.review.review, 10 - order],
        );
      }
    }
  });
}

/** Seeds the records (see above); needs the demo accounts and the public site's categories. */
export async function seedRecords(db: Db): Promise<void> {
  const trainer = await findUserByEmail(db, DEMO_ACCOUNTS.trainer.email);
  const trainee = await findUserByEmail(db, DEMO_ACCOUNTS.trainee.email);
  const hessaEmail = SEED_TRAINERS[0]?.email;
  const hessa = hessaEmail ? await findUserByEmail(db, hessaEmail) : undefined;
  if (!trainer || !trainee || !hessa) return;
  const { rows: existing } = await db.query<{ slug: string }>(
    'SELECT slug FROM courses WHERE slug = ANY($1)',
    [Object.values(RECORD_COURSES).map((course) => course.slug)],
  );
  if (existing.length === Object.keys(RECORD_COURSES).length) return;
  const others = [];
  for (const [index, person] of RECORD_TRAINEES.entries()) {
    others.push(
      await ensureUser(db, {
        ...person,
        password: TRAINEE_PASSWORD,
        role: 'TRAINEE',
        phone_number: `055777000${index + 1}`,
        approved: true,
      }),
    );
  }
  const [noura, faisal, lama, omar, reema] = others;
  if (!noura || !faisal || !lama || !omar || !reema) return;
  await seedCourse(db, {
    ...RECORD_COURSES.completed,
    subtitle: 'Plan, run and close projects on time.',
    subtitle_ar: 'خطّط للمشاريع وأدرها وأنجزها في وقتها.',
    createdBy: trainer.id,
    facilitator: null,
    startDays: -70,
    endDays: -14,
    closedDaysAgo: null,
    rule: { min_attendance: 75, min_grade: 5 },
    assignments: [
      ['Project charter', 'ميثاق المشروع'],
      ['Risk register', 'سجل المخاطر'],
    ],
    quizzes: [
      ['Scheduling quiz', 'اختبار الجدولة'],
      ['Final quiz', 'الاختبار النهائي'],
    ],
    trainees: [
      {
        userId: trainee.id,
        work: {
          attendance: 100,
          assignments: [9, 8.5],
          quizzes: [8, 9],
          // No review: a visitor of the demo writes hers (server/reviews/seed.ts).
        },
      },
      {
        userId: noura.id,
        work: {
          attendance: 88,
          assignments: [8, 7],
          quizzes: [7.5, 8],
          review: { rating: 4, review: 'شرح واضح وأمثلة من الواقع، وأتمنى وقتاً أطول للتطبيق.' },
        },
      },
      {
        userId: faisal.id,
        work: {
          attendance: 50,
          assignments: [7, 6],
          quizzes: [6, 7],
          review: { rating: 3, review: 'Good content, but the evening time was hard for me.' },
        },
      },
      {
        userId: lama.id,
        work: {
          attendance: 94,
          assignments: [6.5, 7.5],
          quizzes: [9, 6],
          review: { rating: 5, review: 'Clear lessons and useful templates I already use at work.' },
        },
      },
      {
        userId: omar.id,
        work: {
          attendance: 81,
          assignments: [3, null],
          quizzes: [4, 5],
          review: { rating: 4, review: 'The risk register exercise was the most useful part.' },
        },
      },
      {
        userId: reema.id,
        work: {
          attendance: 76,
          assignments: [5.5, 6],
          quizzes: [5, 6.5],
          review: { rating: 4, review: 'دورة منظمة، والقوالب الجاهزة وفرت علي وقتاً كثيراً.' },
        },
      },
    ],
  });
  await seedCourse(db, {
    ...RECORD_COURSES.closed,
    subtitle: 'Clean, summarise and chart data in Excel.',
    subtitle_ar: 'نظّف بياناتك ولخّصها وارسمها في إكسل.',
    createdBy: hessa.id,
    facilitator: trainer.id,
    startDays: -60,
    endDays: 5,
    closedDaysAgo: 10,
    rule: { min_attendance: 80, min_grade: 6 },
    assignments: [['Pivot table report', 'تقرير الجداول المحورية']],
    quizzes: [['Formulas quiz', 'اختبار الصيغ']],
    trainees: [
      {
        userId: lama.id,
        work: {
          attendance: 90,
          assignments: [8],
          quizzes: [7],
          review: { rating: 5, review: 'Practical from the first day.' },
        },
      },
      { userId: faisal.id, work: { attendance: 85, assignments: [6], quizzes: [7] } },
      {
        userId: reema.id,
        work: {
          attendance: 60,
          assignments: [9],
          quizzes: [8],
          review: { rating: 4, review: 'مفيدة جداً، وأنصح بها لمن يعمل على التقارير.' },
        },
      },
    ],
  });
}
