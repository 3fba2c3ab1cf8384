import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Db, Queryable } from './db';
import { DEMO_ACCOUNTS } from './demo-accounts';
import { ROOT } from './paths';
import type { UploadStore } from './uploads';
import { UPLOAD_FORMATS } from './uploads';
import { findUserByEmail } from './users';

/**
 * The learning seed: the demo trainee enrolled in three ongoing courses whose lectures cover every
 * type (text, video with captions in both languages, PDF, assignment, quiz, survey), an assignment
 * already reviewed and one returned. Idempotent by lecture slug: a lecture that exists is kept as it
 * is, with its questions. The media are in server/seed-files/ and are copied into the upload store.
 */

/** The seeded courses the demo trainee studies (slugs of server/seed-public.ts). */
export const LEARNING_COURSES = {
  /** Cloud Computing Fundamentals, taught by the demo trainer: every lecture type. */
  cloud: { slug: 'information-technology-3', title: 'Cloud Computing Fundamentals' },
  /** Machine Learning Foundations: text, PDF, a quiz and an assignment. */
  ml: { slug: 'data-science-2', title: 'Machine Learning Foundations' },
  /** Basic Life Support: text, a true/false quiz and the pre-course survey. */
  bls: { slug: 'health-sciences-1', title: 'Basic Life Support' },
} as const;

/** The seeded lectures by key: slug, title and type (the video lasts VIDEO_SECONDS). */
export const LEARNING_LECTURES = {
  cloudPreSurvey: { slug: 'cloud-pre-survey', title: 'Pre-course evaluation', type: 'Survey' },
  cloudWelcome: { slug: 'cloud-welcome', title: 'Welcome to the course', type: 'Class' },
  cloudVideo: { slug: 'cloud-intro-video', title: 'What is the cloud?', type: 'Class' },
  cloudNotes: { slug: 'cloud-notes-pdf', title: 'Lecture notes: cloud basics', type: 'Class' },
  cloudQuizModels: { slug: 'cloud-quiz-models', title: 'Quiz: service and deployment models', type: 'Quiz' },
  /** Reviewed for the demo trainee: GRADED_ASSIGNMENT. */
  cloudCompare: {
    slug: 'cloud-assignment-compare',
    title: 'Assignment: compare IaaS, PaaS and SaaS',
    type: 'Assignment',
  },
  cloudSecurity: {
    slug: 'cloud-security-reading',
    title: 'Shared responsibility and security',
    type: 'Class',
  },
  /** Returned for the demo trainee: RETURNED_ASSIGNMENT. */
  cloudDesign: {
    slug: 'cloud-assignment-design',
    title: 'Assignment: design a small cloud system',
    type: 'Assignment',
  },
  cloudQuizFinal: { slug: 'cloud-quiz-final', title: 'Final quiz', type: 'Quiz' },
  cloudPostSurvey: { slug: 'cloud-post-survey', title: 'Post-course evaluation', type: 'Survey' },
  mlWelcome: { slug: 'ml-welcome', title: 'What machine learning is', type: 'Class' },
  mlNotes: { slug: 'ml-notes-pdf', title: 'Course guide', type: 'Class' },
  mlQuiz: { slug: 'ml-quiz-basics', title: 'Quiz: learning from data', type: 'Quiz' },
  mlAssignment: {
    slug: 'ml-assignment-dataset',
    title: 'Assignment: describe a dataset',
    type: 'Assignment',
  },
  blsWelcome: { slug: 'bls-chain-of-survival', title: 'The chain of survival', type: 'Class' },
  blsQuiz: { slug: 'bls-quiz-true-false', title: 'Quiz: true or false', type: 'Quiz' },
  blsPreSurvey: { slug: 'bls-pre-survey', title: 'Pre-course evaluation', type: 'Survey' },
} as const;

export type LearningLectureKey = keyof typeof LEARNING_LECTURES;

/** The seeded video's length in seconds. */
export const VIDEO_SECONDS = 24;

/** The demo trainee's reviewed assignment: its grade and feedback. */
export const GRADED_ASSIGNMENT = {
  lecture: LEARNING_LECTURES.cloudCompare.slug,
  grade: 8.5,
  feedback:
    'A clear comparison with a good example. Say more about who patches the operating system in PaaS.',
} as const;

/** The demo trainee's returned assignment: its feedback. */
export const RETURNED_ASSIGNMENT = {
  lecture: LEARNING_LECTURES.cloudDesign.slug,
  feedback: 'Add a diagram of the parts and say which service model each one uses, then submit it again.',
} as const;

/** The files of server/seed-files/, with the fixed ids of their uploads rows. */
const SEED_FILES = {
  video: {
    id: '5eed0000-0000-4000-8000-000000000001',
    file: 'cloud-intro.mp4',
    name: 'What is the cloud.mp4',
  },
  captionsEn: { id: '5eed0000-0000-4000-8000-000000000002', file: 'cloud-intro.en.vtt', name: 'English.vtt' },
  captionsAr: { id: '5eed0000-0000-4000-8000-000000000003', file: 'cloud-intro.ar.vtt', name: 'العربية.vtt' },
  notes: {
    id: '5eed0000-0000-4000-8000-000000000004',
    file: 'cloud-notes.pdf',
    name: 'Cloud basics - notes.pdf',
  },
  brief: {
    id: '5eed0000-0000-4000-8000-000000000005',
    file: 'assignment-brief.pdf',
    name: 'Assignment brief.pdf',
  },
  comparison: {
    id: '5eed0000-0000-4000-8000-000000000006',
    file: 'trainee-comparison.pdf',
    name: 'IaaS PaaS SaaS comparison.pdf',
  },
  design: {
    id: '5eed0000-0000-4000-8000-000000000007',
    file: 'trainee-design.pdf',
    name: 'Clinic cloud design.pdf',
  },
} as const;
type SeedFileKey = keyof typeof SEED_FILES;

const SEED_FILES_DIR = join(ROOT, 'server', 'seed-files');

function contentTypeOf(file: string): string {
  const extension = file.split('.').pop() ?? '';
  if (extension === 'vtt') return 'text/vtt; charset=utf-8';
  return UPLOAD_FORMATS[extension as keyof typeof UPLOAD_FORMATS]?.type ?? 'application/octet-stream';
}

/** The uploads row of a seed file, and its bytes in the store when there is one. */
async function seedFile(
  db: Queryable,
  uploads: Pick<UploadStore, 'stat' | 'put'> | undefined,
  key: SeedFileKey,
  ownerId: number,
): Promise<string> {
  const { id, file, name } = SEED_FILES[key];
  const path = `seed/${file}`;
  const bytes = await readFile(join(SEED_FILES_DIR, file));
  if (uploads && !(await uploads.stat(path))) await uploads.put(path, bytes);
  await db.query(
    `INSERT INTO uploads (id, owner_id, path, name, extension, content_type, size)
     VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (id) DO NOTHING`,
    [id, ownerId, path, name, file.split('.').pop() ?? '', contentTypeOf(file), bytes.length],
  );
  return id;
}

interface QuestionSeed {
  kind: 'single' | 'multiple' | 'true_false' | 'rating' | 'choice' | 'text';
  text: string;
  text_ar: string;
  options?: readonly (readonly [string, string])[];
  /** Positions (from 1) of the right options. */
  correct?: readonly number[];
  required?: boolean;
}

interface LectureSeed {
  key: LearningLectureKey;
  course: keyof typeof LEARNING_COURSES;
  week: number;
  position: number;
  title_ar: string;
  description?: string;
  description_ar?: string;
  body?: string;
  body_ar?: string;
  file?: SeedFileKey;
  duration?: number;
  captions?: boolean;
  quiz?: { time_limit_seconds: number | null; attempts_allowed: number; shows_answers: boolean };
  survey?: 'pre' | 'post';
  questions?: readonly QuestionSeed[];
}

const TRUE_FALSE = [
  ['True', 'صواب'],
  ['False', 'خطأ'],
] as const;

const SURVEY_QUESTIONS = (stage: 'pre' | 'post'): QuestionSeed[] => [
  stage === 'pre'
    ? {
        kind: 'rating',
        text: 'How well do you know this subject today?',
        text_ar: 'ما مدى معرفتك بهذا الموضوع اليوم؟',
      }
    : { kind: 'rating', text: 'How useful was this course to you?', text_ar: 'ما مدى فائدة هذه الدورة لك؟' },
  {
    kind: 'choice',
    text: stage === 'pre' ? 'Why are you taking this course?' : 'Would you recommend this course?',
    text_ar: stage === 'pre' ? 'لماذا تلتحق بهذه الدورة؟' : 'هل توصي بهذه الدورة؟',
    options:
      stage === 'pre'
        ? [
            ['For my current job', 'لعملي الحالي'],
            ['To change careers', 'لتغيير مساري المهني'],
            ['For personal interest', 'لاهتمام شخصي'],
          ]
        : [
            ['Yes', 'نعم'],
            ['Maybe', 'ربما'],
            ['No', 'لا'],
          ],
  },
  {
    kind: 'text',
    text: stage === 'pre' ? 'What do you hope to learn?' : 'What should we improve?',
    text_ar: stage === 'pre' ? 'ما الذي تأمل أن تتعلمه؟' : 'ما الذي ينبغي أن نحسّنه؟',
    required: false,
  },
];

const LECTURES: readonly LectureSeed[] = [
  {
    key: 'cloudPreSurvey',
    course: 'cloud',
    week: 1,
    position: 1,
    title_ar: 'تقييم ما قبل الدورة',
    description: 'Tell us where you start from.',
    description_ar: 'أخبرنا من أين تبدأ.',
    survey: 'pre',
    questions: SURVEY_QUESTIONS('pre'),
  },
  {
    key: 'cloudWelcome',
    course: 'cloud',
    week: 1,
    position: 2,
    title_ar: 'مرحباً بك في الدورة',
    body: 'Welcome to Cloud Computing Fundamentals.\n\nEach week has short readings, a video or notes, and a quiz or an assignment. Work through the lectures in order: the sidebar shows what you have finished.\n\nYour trainer grades assignments out of 10. If an assignment is returned, read the feedback and submit it again.',
    body_ar:
      'مرحباً بك في دورة أساسيات الحوسبة السحابية.\n\nيتضمن كل أسبوع قراءات قصيرة ومقطع فيديو أو ملاحظات، واختباراً أو واجباً. تابع المحاضرات بالترتيب، وستُظهر القائمة الجانبية ما أنجزته.\n\nيقيّم المدرب الواجبات من ١٠ درجات. إذا أُعيد إليك واجب فاقرأ الملاحظات ثم سلّمه مرة أخرى.',
  },
  {
    key: 'cloudVideo',
    course: 'cloud',
    week: 1,
    position: 3,
    title_ar: 'ما هي الحوسبة السحابية؟',
    description: 'A short introduction, with captions in English and Arabic.',
    description_ar: 'مقدمة قصيرة مع ترجمة باللغتين الإنجليزية والعربية.',
    file: 'video',
    duration: VIDEO_SECONDS,
    captions: true,
  },
  {
    key: 'cloudNotes',
    course: 'cloud',
    week: 1,
    position: 4,
    title_ar: 'ملاحظات المحاضرة: أساسيات السحابة',
    description: 'The notes of week 1, to read or download.',
    description_ar: 'ملاحظات الأسبوع الأول للقراءة أو التنزيل.',
    file: 'notes',
  },
  {
    key: 'cloudQuizModels',
    course: 'cloud',
    week: 2,
    position: 1,
    title_ar: 'اختبار: نماذج الخدمة والنشر',
    description: 'Ten minutes, two attempts. The answers are shown after you submit.',
    description_ar: 'عشر دقائق ومحاولتان. تظهر الإجابات بعد التسليم.',
    quiz: { time_limit_seconds: 600, attempts_allowed: 2, shows_answers: true },
    questions: [
      {
        kind: 'single',
        text: 'Which service model gives you virtual machines to manage?',
        text_ar: 'أي نموذج خدمة يمنحك أجهزة افتراضية تديرها بنفسك؟',
        options: [
          ['IaaS', 'البنية التحتية كخدمة'],
          ['PaaS', 'المنصة كخدمة'],
          ['SaaS', 'البرمجيات كخدمة'],
        ],
        correct: [1],
      },
      {
        kind: 'multiple',
        text: 'Which of these are essential characteristics of cloud computing?',
        text_ar: 'أيٌّ مما يلي من الخصائص الأساسية للحوسبة السحابية؟',
        options: [
          ['On-demand self-service', 'الخدمة الذاتية عند الطلب'],
          ['Rapid elasticity', 'المرونة السريعة'],
          ['A fixed yearly price', 'سعر سنوي ثابت'],
          ['Measured service', 'الخدمة المقيسة'],
        ],
        correct: [1, 2, 4],
      },
      {
        kind: 'true_false',
        text: 'A hybrid cloud joins a private cloud and a public cloud.',
        text_ar: 'تجمع السحابة الهجينة بين سحابة خاصة وسحابة عامة.',
        options: TRUE_FALSE,
        correct: [1],
      },
    ],
  },
  {
    key: 'cloudCompare',
    course: 'cloud',
    week: 2,
    position: 2,
    title_ar: 'واجب: قارن بين IaaS وPaaS وSaaS',
    description:
      'Compare the three service models in one or two pages, with an example of each, and say which you would choose for a university registration system.',
    description_ar:
      'قارن بين نماذج الخدمة الثلاثة في صفحة أو صفحتين مع مثال لكل منها، ثم بيّن أيها تختار لنظام تسجيل جامعي.',
    file: 'brief',
  },
  {
    key: 'cloudSecurity',
    course: 'cloud',
    week: 3,
    position: 1,
    title_ar: 'المسؤولية المشتركة والأمن',
    body: 'In the cloud, security is shared. The provider secures the buildings, the hardware and the services it runs; you secure what you put on them.\n\nWith IaaS you patch the operating system and configure the firewall. With PaaS the provider patches the platform and you secure your code and data. With SaaS you manage users, passwords and what you share.\n\nWhatever the model, the data and who may read it remain your responsibility.',
    body_ar:
      'الأمن في السحابة مسؤولية مشتركة. يؤمّن المزوّد المباني والأجهزة والخدمات التي يشغّلها، وتؤمّن أنت ما تضعه عليها.\n\nفي نموذج البنية التحتية كخدمة تحدّث نظام التشغيل وتضبط جدار الحماية. وفي نموذج المنصة كخدمة يحدّث المزوّد المنصة وتؤمّن أنت شيفرتك وبياناتك. أما في البرمجيات كخدمة فتدير المستخدمين وكلمات المرور وما تشاركه.\n\nوأياً كان النموذج تبقى البيانات ومن يحق له قراءتها مسؤوليتك.',
  },
  {
    key: 'cloudDesign',
    course: 'cloud',
    week: 3,
    position: 2,
    title_ar: 'واجب: صمّم نظاماً سحابياً صغيراً',
    description: 'Design the cloud set-up of a small clinic: which services, which model, and why.',
    description_ar: 'صمّم البنية السحابية لعيادة صغيرة: الخدمات والنموذج وسبب الاختيار.',
    file: 'brief',
  },
  {
    key: 'cloudQuizFinal',
    course: 'cloud',
    week: 3,
    position: 3,
    title_ar: 'الاختبار النهائي',
    description: 'No time limit, three attempts. Your best score counts.',
    description_ar: 'دون حد زمني، وثلاث محاولات. تُحتسب أعلى درجة.',
    quiz: { time_limit_seconds: null, attempts_allowed: 3, shows_answers: false },
    questions: [
      {
        kind: 'single',
        text: 'Who patches the operating system of a virtual machine in IaaS?',
        text_ar: 'من يحدّث نظام تشغيل الجهاز الافتراضي في نموذج البنية التحتية كخدمة؟',
        options: [
          ['The customer', 'العميل'],
          ['The provider', 'المزوّد'],
        ],
        correct: [1],
      },
      {
        kind: 'multiple',
        text: 'Which are deployment models?',
        text_ar: 'أيٌّ مما يلي من نماذج النشر؟',
        options: [
          ['Public cloud', 'السحابة العامة'],
          ['Private cloud', 'السحابة الخاصة'],
          ['Hybrid cloud', 'السحابة الهجينة'],
          ['Desktop cloud', 'سحابة سطح المكتب'],
        ],
        correct: [1, 2, 3],
      },
      {
        kind: 'true_false',
        text: 'With SaaS you still decide who may read your data.',
        text_ar: 'في البرمجيات كخدمة تبقى أنت من يقرر من يحق له قراءة بياناتك.',
        options: TRUE_FALSE,
        correct: [1],
      },
      {
        kind: 'true_false',
        text: 'Elasticity means paying one fixed price whatever you use.',
        text_ar: 'المرونة تعني دفع سعر ثابت مهما كان استخدامك.',
        options: TRUE_FALSE,
        correct: [2],
      },
    ],
  },
  {
    key: 'cloudPostSurvey',
    course: 'cloud',
    week: 3,
    position: 4,
    title_ar: 'تقييم ما بعد الدورة',
    description: 'Tell us how the course went.',
    description_ar: 'أخبرنا كيف كانت الدورة.',
    survey: 'post',
    questions: SURVEY_QUESTIONS('post'),
  },
  {
    key: 'mlWelcome',
    course: 'ml',
    week: 1,
    position: 1,
    title_ar: 'ما هو تعلّم الآلة',
    body: 'Machine learning finds patterns in data and uses them to predict or decide.\n\nIn supervised learning every example comes with the right answer (a label), and the model learns to give it. In unsupervised learning there are no labels: the model groups or summarises the data.\n\nThis week you will meet both, and describe a dataset of your own.',
    body_ar:
      'يكتشف تعلّم الآلة الأنماط في البيانات ويستخدمها للتنبؤ أو اتخاذ القرار.\n\nفي التعلّم الموجّه يرافق كل مثال الجواب الصحيح (تصنيف)، ويتعلّم النموذج أن يعطيه. أما في التعلّم غير الموجّه فلا توجد تصنيفات، ويجمّع النموذج البيانات أو يلخّصها.\n\nستتعرف هذا الأسبوع على النوعين، وتصف مجموعة بيانات من اختيارك.',
  },
  {
    key: 'mlNotes',
    course: 'ml',
    week: 1,
    position: 2,
    title_ar: 'دليل الدورة',
    description: 'How assignments are handed in and graded.',
    description_ar: 'كيف تُسلَّم الواجبات وتُقيَّم.',
    file: 'brief',
  },
  {
    key: 'mlQuiz',
    course: 'ml',
    week: 2,
    position: 1,
    title_ar: 'اختبار: التعلّم من البيانات',
    description: 'Fifteen minutes, one attempt.',
    description_ar: 'خمس عشرة دقيقة ومحاولة واحدة.',
    quiz: { time_limit_seconds: 900, attempts_allowed: 1, shows_answers: true },
    questions: [
      {
        kind: 'single',
        text: 'Examples that come with the right answer are used in…',
        text_ar: 'تُستخدم الأمثلة المرفقة بالجواب الصحيح في…',
        options: [
          ['Supervised learning', 'التعلّم الموجّه'],
          ['Unsupervised learning', 'التعلّم غير الموجّه'],
        ],
        correct: [1],
      },
      {
        kind: 'true_false',
        text: 'Clustering needs labelled data.',
        text_ar: 'يحتاج التجميع إلى بيانات مصنّفة.',
        options: TRUE_FALSE,
        correct: [2],
      },
    ],
  },
  {
    key: 'mlAssignment',
    course: 'ml',
    week: 2,
    position: 2,
    title_ar: 'واجب: صف مجموعة بيانات',
    description: 'Choose a dataset, describe its columns and say what a model could learn from it.',
    description_ar: 'اختر مجموعة بيانات وصف أعمدتها وبيّن ما يمكن لنموذج أن يتعلمه منها.',
    file: 'brief',
  },
  {
    key: 'blsPreSurvey',
    course: 'bls',
    week: 1,
    position: 1,
    title_ar: 'تقييم ما قبل الدورة',
    description: 'Tell us where you start from.',
    description_ar: 'أخبرنا من أين تبدأ.',
    survey: 'pre',
    questions: SURVEY_QUESTIONS('pre'),
  },
  {
    key: 'blsWelcome',
    course: 'bls',
    week: 1,
    position: 2,
    title_ar: 'سلسلة النجاة',
    body: 'The chain of survival links the steps that save a person whose heart has stopped: recognise the emergency and call for help, start chest compressions early, use a defibrillator as soon as one arrives, and hand over to advanced care.\n\nEvery minute without compressions lowers the chance of survival, so start at once.',
    body_ar:
      'تربط سلسلة النجاة الخطوات التي تنقذ شخصاً توقف قلبه: التعرّف على الحالة الطارئة وطلب المساعدة، والبدء المبكر بضغطات الصدر، واستخدام جهاز الصدمات فور وصوله، ثم التسليم للرعاية المتقدمة.\n\nكل دقيقة دون ضغطات تقلّل فرصة النجاة، لذا ابدأ فوراً.',
  },
  {
    key: 'blsQuiz',
    course: 'bls',
    week: 1,
    position: 3,
    title_ar: 'اختبار: صواب أم خطأ',
    description: 'Five minutes, two attempts.',
    description_ar: 'خمس دقائق ومحاولتان.',
    quiz: { time_limit_seconds: 300, attempts_allowed: 2, shows_answers: true },
    questions: [
      {
        kind: 'true_false',
        text: 'Chest compressions should start as early as possible.',
        text_ar: 'ينبغي البدء بضغطات الصدر في أقرب وقت ممكن.',
        options: TRUE_FALSE,
        correct: [1],
      },
      {
        kind: 'true_false',
        text: 'Wait for the defibrillator before calling for help.',
        text_ar: 'انتظر جهاز الصدمات قبل طلب المساعدة.',
        options: TRUE_FALSE,
        correct: [2],
      },
    ],
  },
];

/** Options as stored: ids from 1 in order. */
function optionsJson(options: QuestionSeed['options'] = []): string {
  return JSON.stringify(options.map(([text, text_ar], index) => ({ id: index + 1, text, text_ar })));
}

async function idBySlug(
  db: Queryable,
  table: 'courses' | 'lectures',
  slug: string,
): Promise<number | undefined> {
  const { rows } = await db.query<{ id: number }>(`SELECT id FROM ${table} WHERE slug = $1`, [slug]);
  return rows[0]?.id;
}

/** Inserts a lecture with its quiz, survey and questions unless its slug exists. */
async function seedLecture(
  db: Db,
  lecture: LectureSeed,
  courseId: number,
  files: Record<SeedFileKey, string>,
): Promise<void> {
  const { slug, title, type } = LEARNING_LECTURES[lecture.key];
  await db.transaction(async (tx) => {
    const captions = lecture.captions
      ? [
          { language: 'en', label: 'English', file_id: files.captionsEn },
          { language: 'ar', label: 'العربية', file_id: files.captionsAr },
        ]
      : [];
    const { rows } = await tx.query<{ id: number }>(
      `INSERT INTO lectures (course_id, slug, week, position, class_type, title, title_ar, description,
         description_ar, body, body_ar, file_id, duration_seconds, captions)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
       ON CONFLICT DO NOTHING RETURNING id`,
      [
        courseId,
        slug,
        lecture.week,
        lecture.position,
        type,
        title,
        lecture.title_ar,
        lecture.description ?? '',
        lecture.description_ar ?? '',
        lecture.body ?? '',
        lecture.body_ar ?? '',
        lecture.file ? files[lecture.file] : null,
        lecture.duration ?? null,
        JSON.stringify(captions),
      ],
    );
    const id = rows[0]?.id;
    if (id === undefined) return;
    if (lecture.quiz) {
      await tx.query(
        `INSERT INTO quizzes (lecture_id, time_limit_seconds, attempts_allowed, shows_answers) VALUES ($1, $2, $3, $4)`,
        [id, lecture.quiz.time_limit_seconds, lecture.quiz.attempts_allowed, lecture.quiz.shows_answers],
      );
    }
    if (lecture.survey)
      await tx.query('INSERT INTO surveys (lecture_id, stage) VALUES ($1, $2)', [id, lecture.survey]);
    for (const [index, question] of (lecture.questions ?? []).entries()) {
      await tx.query(
        `INSERT INTO questions (lecture_id, position, kind, text, text_ar, options, correct, required)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [
          id,
          index + 1,
          question.kind,
          question.text,
          question.text_ar,
          optionsJson(question.options),
          JSON.stringify(question.correct ?? []),
          question.required ?? true,
        ],
      );
    }
  });
}

/** A submission of the demo trainee, graded or returned, unless one exists for the lecture. */
async function seedSubmission(
  db: Db,
  userId: number,
  lectureSlug: string,
  fileId: string,
  review: { grade: number; feedback: string } | { feedback: string },
): Promise<void> {
  const lectureId = await idBySlug(db, 'lectures', lectureSlug);
  if (lectureId === undefined) return;
  const graded = 'grade' in review;
  await db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: number }>(
      `INSERT INTO submissions (lecture_id, user_id, attempt, file_id, status, grade, feedback, submitted_at, reviewed_at)
       SELECT $1, $2, 1, $3, $4, $5, $6, now() - interval '3 days', now() - interval '1 day'
       WHERE NOT EXISTS (SELECT 1 FROM submissions WHERE lecture_id = $1 AND user_id = $2)
       RETURNING id`,
      [
        lectureId,
        userId,
        fileId,
        graded ? 'Reviewed' : 'Returned',
        graded ? review.grade : null,
        review.feedback,
      ],
    );
    if (rows.length > 0) {
      await tx.query(
        'INSERT INTO lecture_reads (user_id, lecture_id) VALUES ($1, $2) ON CONFLICT DO NOTHING',
        [userId, lectureId],
      );
    }
  });
}

/**
 * Seeds the learning content (see the top of this file). `uploads` receives the media; without
 * one (a seed of the database alone) only the rows are written.
 */
export async function seedLearning(db: Db, uploads?: Pick<UploadStore, 'stat' | 'put'>): Promise<void> {
  const trainer = await findUserByEmail(db, DEMO_ACCOUNTS.trainer.email);
  const trainee = await findUserByEmail(db, DEMO_ACCOUNTS.trainee.email);
  if (!trainer || !trainee) return;
  const files = {} as Record<SeedFileKey, string>;
  for (const key of Object.keys(SEED_FILES) as SeedFileKey[]) {
    const owner = key === 'comparison' || key === 'design' ? trainee.id : trainer.id;
    files[key] = await seedFile(db, uploads, key, owner);
  }
  const courseIds = {} as Record<keyof typeof LEARNING_COURSES, number>;
  for (const [key, course] of Object.entries(LEARNING_COURSES) as [
    keyof typeof LEARNING_COURSES,
    { slug: string },
  ][]) {
    const id = await idBySlug(db, 'courses', course.slug);
    if (id === undefined) return;
    courseIds[key] = id;
  }
  // The demo trainer teaches the course with every lecture type (set once, with its first lectures).
  if ((await idBySlug(db, 'lectures', LEARNING_LECTURES.cloudWelcome.slug)) === undefined) {
    await db.query('UPDATE courses SET created_by = $1 WHERE id = $2 AND created_by <> $1', [
      trainer.id,
      courseIds.cloud,
    ]);
  }
  for (const lecture of LECTURES) await seedLecture(db, lecture, courseIds[lecture.course], files);
  for (const courseId of Object.values(courseIds)) {
    await db.query(
      `INSERT INTO enrolments (user_id, course_id, status) VALUES ($1, $2, 'enrolled')
       ON CONFLICT (user_id, course_id) DO NOTHING`,
      [trainee.id, courseId],
    );
  }
  await seedSubmission(db, trainee.id, GRADED_ASSIGNMENT.lecture, files.comparison, GRADED_ASSIGNMENT);
  await seedSubmission(db, trainee.id, RETURNED_ASSIGNMENT.lecture, files.design, RETURNED_ASSIGNMENT);
}
