import { toArabicIndicDigits } from '@contract/domain/digits';
import type { Db } from './db';
import { DEMO_ACCOUNTS } from './demo-accounts';
import {
  CATEGORIES,
  CMS_BLOCKS,
  EVENTS,
  FACILITATORS,
  SEED_TRAINER_PASSWORD,
  SEED_TRAINERS,
} from './seed-content';
import { DEFAULT_AVATAR, ensureUser, type UserRow } from './users';

/** Courses still waiting for the admin: seeded, but never in the public catalogue. */
const PENDING_COURSES: Record<string, readonly [string, string, string, string]> = {
  'information-technology': [
    'Kubernetes in Practice',
    'كوبرنيتس عملياً',
    'Run containers at scale.',
    'شغّل الحاويات على نطاق واسع.',
  ],
  'data-science': [
    'Deep Learning with PyTorch',
    'التعلم العميق باستخدام PyTorch',
    'Build neural networks step by step.',
    'ابنِ الشبكات العصبية خطوة بخطوة.',
  ],
  business: [
    'Supply Chain Management',
    'إدارة سلاسل الإمداد',
    'Plan sourcing, stock and delivery.',
    'خطط للتوريد والمخزون والتسليم.',
  ],
};

const SKILL_LEVELS = ['Beginner', 'Intermediate', 'Advanced'] as const;
const ROUTINE_DAYS = [
  ['Sunday', 'Tuesday'],
  ['Monday', 'Wednesday'],
  ['Saturday', 'Monday'],
  ['Tuesday', 'Thursday'],
] as const;
const ROUTINE_TIMES = [
  ['17:00', '19:00'],
  ['09:00', '11:00'],
  ['18:30', '20:30'],
] as const;

export function coverImage(categorySlug: string): string {
  return `/media/covers/${categorySlug}.svg`;
}

/** Inserts the content blocks unless present (edits made since are kept). */
export async function seedCmsBlocks(db: Db): Promise<void> {
  for (const [key, content] of Object.entries(CMS_BLOCKS)) {
    await db.query('INSERT INTO cms_blocks (key, content) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING', [
      key,
      JSON.stringify(content),
    ]);
  }
}

async function seedTrainers(db: Db): Promise<UserRow[]> {
  const trainers = [await ensureUser(db, DEMO_ACCOUNTS.trainer)];
  for (const trainer of SEED_TRAINERS) {
    trainers.push(
      await ensureUser(db, { ...trainer, password: SEED_TRAINER_PASSWORD, role: 'TRAINER', approved: true }),
    );
  }
  return trainers;
}

function isoDate(base: Date, days: number): string {
  const date = new Date(base);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

interface CourseSeed {
  slug: string;
  title: string;
  title_ar: string;
  subtitle: string;
  subtitle_ar: string;
  categoryIndex: number;
  position: number;
  status: 'Approved' | 'Pending';
}

function courseRow(course: CourseSeed, categoryId: number, trainerId: number, today: Date): unknown[] {
  const category = CATEGORIES[course.categoryIndex];
  if (!category) throw new Error(`No category ${course.categoryIndex}`);
  const n = course.categoryIndex + course.position;
  const weekCount = 4 + (n % 3);
  const weeks = Array.from({ length: weekCount }, (_, index) => {
    const topic = category.topics[index % category.topics.length] ?? ['Practice', 'تطبيق'];
    return {
      week: index + 1,
      syllabus_title: topic[0],
      syllabus_title_ar: topic[1],
      lectures: 2 + (index % 3),
      quizzes: 1,
      assignments: index % 2,
    };
  });
  const days = ROUTINE_DAYS[n % ROUTINE_DAYS.length] ?? ROUTINE_DAYS[0];
  const [start_time, end_time] = ROUTINE_TIMES[n % ROUTINE_TIMES.length] ?? ROUTINE_TIMES[0];
  const routine = days.map((day) => ({ day, start_time, end_time }));
  const surveys =
    n % 2 === 0
      ? [
          { stage: 'pre', title: 'Pre-course evaluation', title_ar: 'تقييم ما قبل الدورة' },
          { stage: 'post', title: 'Post-course evaluation', title_ar: 'تقييم ما بعد الدورة' },
        ]
      : [];
  const facilitators = n % 3 === 0 ? [] : FACILITATORS.slice(0, 1 + (n % 2));
  const offset = ((course.categoryIndex * 7 + course.position * 11) % 90) - 30;
  const description = `${course.subtitle} Over ${weekCount} weeks you will learn through short lectures, guided practice and a final project reviewed by your trainer. Classes meet twice a week at the KFU Training Centre.`;
  const description_ar = `${course.subtitle_ar} على مدى ${toArabicIndicDigits(String(weekCount))} أسابيع ستتعلم من خلال محاضرات قصيرة وتطبيقات موجّهة ومشروع نهائي يراجعه المدرب. تُعقد الفصول مرتين أسبوعياً في مركز التدريب بجامعة الملك فيصل.`;
  return [
    course.slug,
    course.title,
    course.title_ar,
    course.subtitle,
    course.subtitle_ar,
    description,
    description_ar,
    categoryId,
    coverImage(category.slug),
    SKILL_LEVELS[n % SKILL_LEVELS.length],
    JSON.stringify(n % 2 === 0 ? ['Arabic', 'English'] : ['Arabic']),
    JSON.stringify(n % 3 === 0 ? ['English'] : ['Arabic', 'English']),
    JSON.stringify(weeks),
    JSON.stringify(surveys),
    JSON.stringify(facilitators),
    JSON.stringify(routine),
    course.position % 4 === 3,
    isoDate(today, offset),
    isoDate(today, offset + weekCount * 7 - 1),
    course.status,
    trainerId,
    SEED_PRICES[n % SEED_PRICES.length] ?? 0,
  ];
}

/** Prices in halalas (0: a free course), the course's n-th; migration 011 prices older seeds alike. */
const SEED_PRICES = [0, 49_900, 29_900, 75_000, 19_900, 120_000] as const;

const COURSE_COLUMNS = `slug, title, title_ar, subtitle, subtitle_ar, description, description_ar, category_id,
  cover_image, skill_level, languages, captions, weeks, surveys, facilitators, routine, female_only,
  start_date, end_date, status, created_by, price_halalas`;

/** Categories, the trainers who teach, and the catalogue's courses; existing rows are kept. */
export async function seedCourses(db: Db, today = new Date()): Promise<void> {
  const categoryIds: number[] = [];
  for (const [position, category] of CATEGORIES.entries()) {
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO course_categories (slug, name, name_ar, colour, position) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (slug) DO UPDATE SET slug = EXCLUDED.slug RETURNING id`,
      [category.slug, category.name, category.name_ar, category.colour, position],
    );
    categoryIds.push(rows[0]?.id ?? 0);
  }
  const trainers = await seedTrainers(db);
  await db.query(`UPDATE users SET image = $2 WHERE image IS NULL AND id = ANY($1::int[])`, [
    trainers.map((trainer) => trainer.id),
    DEFAULT_AVATAR,
  ]);

  const seeds: CourseSeed[] = [];
  for (const [categoryIndex, category] of CATEGORIES.entries()) {
    for (const [position, [title, title_ar, subtitle, subtitle_ar]] of category.courses.entries()) {
      seeds.push({
        slug: `${category.slug}-${position + 1}`,
        title,
        title_ar,
        subtitle,
        subtitle_ar,
        categoryIndex,
        position,
        status: 'Approved',
      });
    }
    const pending = PENDING_COURSES[category.slug];
    if (pending) {
      const [title, title_ar, subtitle, subtitle_ar] = pending;
      seeds.push({
        slug: `${category.slug}-pending`,
        title,
        title_ar,
        subtitle,
        subtitle_ar,
        categoryIndex,
        position: category.courses.length,
        status: 'Pending',
      });
    }
  }
  const placeholders = Array.from({ length: 22 }, (_, index) => `$${index + 1}`).join(', ');
  for (const course of seeds) {
    const trainer = trainers[(course.categoryIndex + course.position) % trainers.length];
    const categoryId = categoryIds[course.categoryIndex];
    if (!trainer || !categoryId) throw new Error(`Cannot seed ${course.slug}`);
    await db.query(
      `INSERT INTO courses (${COURSE_COLUMNS}) VALUES (${placeholders}) ON CONFLICT (slug) DO NOTHING`,
      courseRow(course, categoryId, trainer.id, today),
    );
  }
}

/**
 * Adds `count` generated approved courses (slugs generated-1 … generated-N), copies of the seeded
 * ones under numbered cohorts, for performance work. Idempotent for a given count.
 */
export async function seedGeneratedCourses(db: Db, count: number): Promise<void> {
  if (!Number.isInteger(count) || count <= 0) return;
  await db.query(
    `WITH base AS (
       SELECT row_number() OVER (ORDER BY id) - 1 AS n, count(*) OVER () AS total, c.*
       FROM courses c WHERE status = 'Approved' AND slug NOT LIKE 'generated-%'
     )
     INSERT INTO courses (${COURSE_COLUMNS})
     SELECT 'generated-' || g, b.title || ' (Cohort ' || g || ')', b.title_ar || ' (الدفعة ' || g || ')',
       b.subtitle, b.subtitle_ar, b.description, b.description_ar, b.category_id, b.cover_image,
       b.skill_level, b.languages, b.captions, b.weeks, b.surveys, b.facilitators, b.routine,
       b.female_only, b.start_date + (g % 120) - 60, b.end_date + (g % 120) - 60, 'Approved', b.created_by,
       b.price_halalas
     FROM generate_series(1, $1::int) AS g
     JOIN base b ON b.n = g % b.total
     ON CONFLICT (slug) DO NOTHING`,
    [count],
  );
}

/** The events, dated relative to the first seeding: some past, one ongoing, some upcoming. */
export async function seedEvents(db: Db, now = new Date()): Promise<void> {
  for (const event of EVENTS) {
    const startsAt = new Date(now.getTime() + event.startsInDays * 86_400_000);
    startsAt.setUTCHours(event.startsInDays === 0 ? startsAt.getUTCHours() : 6, 0, 0, 0);
    const endsAt = new Date(startsAt.getTime() + event.hours * 3_600_000);
    await db.query(
      `INSERT INTO events (slug, title, title_ar, description, description_ar, location, location_ar, image,
         event_access, starts_at, ends_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) ON CONFLICT (slug) DO NOTHING`,
      [
        event.slug,
        event.title,
        event.title_ar,
        event.description,
        event.description_ar,
        event.location,
        event.location_ar,
        event.image,
        event.event_access,
        startsAt.toISOString(),
        endsAt.toISOString(),
      ],
    );
  }
}

/** Everything the public site shows. */
export async function seedPublicSite(db: Db, options: { generatedCourses?: number } = {}): Promise<void> {
  await seedCmsBlocks(db);
  await seedCourses(db);
  await seedGeneratedCourses(db, options.generatedCourses ?? 0);
  await seedEvents(db);
}
