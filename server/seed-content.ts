import type {
  AboutPromotion,
  AboutStory,
  BecomeTrainer,
  GetInTouchTitle,
  HeroSection,
  KeyBenefits,
} from '@contract/wire/cms';
import type { CmsBlockKey } from './cms/blocks';
import { DEFAULT_AVATAR } from './users';

/** The public pages' content blocks, keyed by the path they are served under (/cms/<key>/). */
export const CMS_BLOCKS = {
  'hero-section': {
    brand_name: 'KFU Training Centre',
    brand_name_ar: 'مركز التدريب بجامعة الملك فيصل',
    category: 'Professional Development',
    category_ar: 'التطوير المهني',
    slogan: 'Learn today, lead tomorrow',
    slogan_ar: 'تعلّم اليوم، لتقود غداً',
    description:
      'Accredited short courses taught by university faculty and industry experts, in Arabic and English, on campus in Al-Ahsa and online.',
    description_ar:
      'دورات قصيرة معتمدة يقدمها أعضاء هيئة التدريس بالجامعة وخبراء من سوق العمل، باللغتين العربية والإنجليزية، في الأحساء وعن بُعد.',
    image: '/media/hero.svg',
    image_ar: '/media/hero.svg',
  } satisfies HeroSection,
  'about-page-promotion': {
    title: 'About the Training Centre',
    title_ar: 'عن مركز التدريب',
    subtitle: 'Part of King Faisal University since 1995',
    subtitle_ar: 'جزء من جامعة الملك فيصل منذ عام ١٩٩٥',
    description:
      'We design practical programmes with employers and faculties so that every course ends with a skill you can use at work the next day.',
    description_ar:
      'نصمم برامج عملية بالتعاون مع جهات التوظيف والكليات، لتنتهي كل دورة بمهارة يمكنك استخدامها في عملك في اليوم التالي.',
    image: '/media/about-promotion.svg',
  } satisfies AboutPromotion,
  'about-page-our-story': {
    title: 'Our Story',
    title_ar: 'قصتنا',
    description:
      'What began as a handful of evening workshops for university staff has grown into a centre that trains thousands of students, professionals and members of the Al-Ahsa community every year.',
    description_ar:
      'بدأنا بعدد قليل من ورش العمل المسائية لمنسوبي الجامعة، ثم أصبحنا مركزاً يدرّب آلاف الطلاب والمهنيين وأبناء مجتمع الأحساء كل عام.',
    image: '/media/about-story.svg',
  } satisfies AboutStory,
  'key-benefits-of-trainee-feature': {
    key_benefits_of_trainee_title1: 'Key Benefits',
    key_benefits_of_trainee_title1_ar: 'المزايا الرئيسية',
    key_benefits_of_trainee_title2: 'for Trainees',
    key_benefits_of_trainee_title2_ar: 'للمتدربين',
    features: [
      {
        id: 1,
        feature: 'Certificates accredited by King Faisal University',
        feature_ar: 'شهادات معتمدة من جامعة الملك فيصل',
      },
      { id: 2, feature: 'Courses in Arabic and English', feature_ar: 'دورات باللغتين العربية والإنجليزية' },
      {
        id: 3,
        feature: 'Hands-on projects reviewed by your trainer',
        feature_ar: 'مشاريع تطبيقية يراجعها المدرب',
      },
      { id: 4, feature: 'Evening and weekend schedules', feature_ar: 'مواعيد مسائية وفي نهاية الأسبوع' },
      {
        id: 5,
        feature: 'Transcripts you can download at any time',
        feature_ar: 'سجل درجات يمكنك تنزيله في أي وقت',
      },
    ],
    key_benefits_of_trainee_image: '/media/key-benefits.svg',
  } satisfies KeyBenefits,
  'become-a-trainer': {
    image: '/media/become-a-trainer.svg',
    title1: 'Become a',
    title1_ar: 'كن',
    title2: 'Trainer',
    title2_ar: 'مدرباً',
    description:
      'Share your expertise with motivated learners. Apply with your CV; once the centre approves your account you can publish courses and run classes.',
    description_ar:
      'شارك خبرتك مع متعلمين متحمسين. قدّم سيرتك الذاتية، وبعد اعتماد المركز لحسابك يمكنك نشر الدورات وإدارة الفصول.',
    features: [
      {
        feature: 'Build courses week by week with our course wizard',
        feature_ar: 'ابنِ دورتك أسبوعاً بأسبوع باستخدام معالج الدورات',
      },
      {
        feature: 'Grade assignments and quizzes in one place',
        feature_ar: 'قيّم الواجبات والاختبارات في مكان واحد',
      },
      { feature: 'Track attendance with QR codes', feature_ar: 'تابع الحضور باستخدام رموز QR' },
    ],
  } satisfies BecomeTrainer,
  'get-in-touch-title': {
    get_in_touch_title1: 'Get in',
    get_in_touch_title1_ar: 'تواصل',
    get_in_touch_title2: 'Touch',
    get_in_touch_title2_ar: 'معنا',
    get_in_touch_description:
      'Have a question about a course, registration or certificates? Send us a message and our team will reply within two working days.',
    get_in_touch_description_ar:
      'هل لديك سؤال عن دورة أو التسجيل أو الشهادات؟ أرسل لنا رسالتك وسيرد عليك فريقنا خلال يومي عمل.',
  } satisfies GetInTouchTitle,
} as const satisfies Record<CmsBlockKey, object>;

export interface SeedCategory {
  slug: string;
  name: string;
  name_ar: string;
  colour: string;
  /** Weekly syllabus topics the category's courses draw on. */
  topics: readonly (readonly [string, string])[];
  /** [title, title_ar, subtitle, subtitle_ar] */
  courses: readonly (readonly [string, string, string, string])[];
}

export const CATEGORIES: readonly SeedCategory[] = [
  {
    slug: 'information-technology',
    name: 'Information Technology',
    name_ar: 'تقنية المعلومات',
    colour: '#2563eb',
    topics: [
      ['Foundations and tools', 'الأسس والأدوات'],
      ['Networks and the cloud', 'الشبكات والحوسبة السحابية'],
      ['Security practices', 'ممارسات الأمن'],
      ['Building a project', 'بناء مشروع'],
      ['Testing and deployment', 'الاختبار والنشر'],
      ['Capstone review', 'مراجعة المشروع الختامي'],
    ],
    courses: [
      [
        'Web Development with TypeScript',
        'تطوير الويب باستخدام TypeScript',
        'Build modern, typed web applications.',
        'ابنِ تطبيقات ويب حديثة بلغة مضبوطة الأنواع.',
      ],
      [
        'Cybersecurity Essentials',
        'أساسيات الأمن السيبراني',
        'Protect systems and data from common attacks.',
        'احمِ الأنظمة والبيانات من الهجمات الشائعة.',
      ],
      [
        'Cloud Computing Fundamentals',
        'أساسيات الحوسبة السحابية',
        'Plan, deploy and operate services in the cloud.',
        'خطط للخدمات السحابية وانشرها وشغّلها.',
      ],
      [
        'Linux System Administration',
        'إدارة أنظمة لينكس',
        'Run and secure Linux servers with confidence.',
        'شغّل خوادم لينكس وأمّنها بثقة.',
      ],
      [
        'Mobile App Development',
        'تطوير تطبيقات الجوال',
        'Design and ship apps for Android and iOS.',
        'صمّم تطبيقات أندرويد وآي أو إس وأطلقها.',
      ],
      [
        'Network Administration',
        'إدارة الشبكات',
        'Configure routers, switches and wireless networks.',
        'اضبط الموجهات والمحولات والشبكات اللاسلكية.',
      ],
    ],
  },
  {
    slug: 'data-science',
    name: 'Data Science & AI',
    name_ar: 'علوم البيانات والذكاء الاصطناعي',
    colour: '#7c3aed',
    topics: [
      ['Working with data', 'التعامل مع البيانات'],
      ['Statistics refresher', 'مراجعة الإحصاء'],
      ['Visualising results', 'تمثيل النتائج بصرياً'],
      ['Models and evaluation', 'النماذج وتقييمها'],
      ['Ethics and governance', 'الأخلاقيات والحوكمة'],
      ['Final project', 'المشروع النهائي'],
    ],
    courses: [
      [
        'Introduction to Data Analysis with Python',
        'مقدمة في تحليل البيانات باستخدام بايثون',
        'Clean, explore and summarise real data sets.',
        'نظّف مجموعات بيانات حقيقية واستكشفها ولخّصها.',
      ],
      [
        'Machine Learning Foundations',
        'أساسيات تعلم الآلة',
        'Train and evaluate predictive models.',
        'درّب النماذج التنبؤية وقيّمها.',
      ],
      [
        'Generative AI for Professionals',
        'الذكاء الاصطناعي التوليدي للمهنيين',
        'Use AI assistants responsibly at work.',
        'استخدم المساعدات الذكية بمسؤولية في العمل.',
      ],
      [
        'Data Visualisation with Power BI',
        'تصوير البيانات باستخدام Power BI',
        'Turn spreadsheets into interactive dashboards.',
        'حوّل الجداول إلى لوحات معلومات تفاعلية.',
      ],
      [
        'SQL for Data Analysts',
        'لغة SQL لمحللي البيانات',
        'Query relational databases to answer business questions.',
        'استعلم من قواعد البيانات للإجابة عن أسئلة العمل.',
      ],
    ],
  },
  {
    slug: 'business',
    name: 'Business & Management',
    name_ar: 'الأعمال والإدارة',
    colour: '#0f766e',
    topics: [
      ['Strategy and planning', 'الاستراتيجية والتخطيط'],
      ['People and teams', 'الأفراد وفرق العمل'],
      ['Finance basics', 'أساسيات المالية'],
      ['Case studies', 'دراسات حالة'],
      ['Presenting your plan', 'عرض خطتك'],
    ],
    courses: [
      [
        'Project Management Professional Preparation',
        'التحضير لشهادة إدارة المشاريع الاحترافية',
        'Prepare for the PMP exam with practice cases.',
        'استعد لاختبار PMP من خلال حالات تطبيقية.',
      ],
      [
        'Entrepreneurship and Startups',
        'ريادة الأعمال والشركات الناشئة',
        'Turn an idea into a viable business plan.',
        'حوّل فكرتك إلى خطة عمل قابلة للتنفيذ.',
      ],
      [
        'Financial Accounting Basics',
        'أساسيات المحاسبة المالية',
        'Read and prepare financial statements.',
        'اقرأ القوائم المالية وأعدّها.',
      ],
      [
        'Digital Marketing Strategy',
        'استراتيجية التسويق الرقمي',
        'Plan campaigns across search and social media.',
        'خطط الحملات عبر محركات البحث ووسائل التواصل.',
      ],
      [
        'Leadership and Team Building',
        'القيادة وبناء الفرق',
        'Lead teams through change and growth.',
        'قُد الفرق خلال مراحل التغيير والنمو.',
      ],
    ],
  },
  {
    slug: 'languages',
    name: 'Languages',
    name_ar: 'اللغات',
    colour: '#db2777',
    topics: [
      ['Listening and speaking', 'الاستماع والمحادثة'],
      ['Reading strategies', 'استراتيجيات القراءة'],
      ['Writing practice', 'تدريب على الكتابة'],
      ['Grammar in context', 'القواعد في سياقها'],
      ['Mock test', 'اختبار تجريبي'],
    ],
    courses: [
      [
        'IELTS Preparation',
        'التحضير لاختبار الآيلتس',
        'Reach your target band in all four skills.',
        'حقق الدرجة المستهدفة في المهارات الأربع.',
      ],
      [
        'Business English Communication',
        'التواصل بالإنجليزية في بيئة العمل',
        'Write e-mails and lead meetings in English.',
        'اكتب الرسائل وأدر الاجتماعات بالإنجليزية.',
      ],
      [
        'Arabic Academic Writing',
        'الكتابة الأكاديمية باللغة العربية',
        'Write clear research papers and reports in Arabic.',
        'اكتب أبحاثاً وتقارير واضحة باللغة العربية.',
      ],
      [
        'Professional Translation Skills',
        'مهارات الترجمة الاحترافية',
        'Translate technical and legal texts accurately.',
        'ترجم النصوص التقنية والقانونية بدقة.',
      ],
      [
        'French for Beginners',
        'اللغة الفرنسية للمبتدئين',
        'Hold simple everyday conversations in French.',
        'أجرِ محادثات يومية بسيطة بالفرنسية.',
      ],
    ],
  },
  {
    slug: 'health-sciences',
    name: 'Health Sciences',
    name_ar: 'العلوم الصحية',
    colour: '#dc2626',
    topics: [
      ['Core concepts', 'المفاهيم الأساسية'],
      ['Clinical practice', 'الممارسة السريرية'],
      ['Patient communication', 'التواصل مع المرضى'],
      ['Simulation lab', 'مختبر المحاكاة'],
      ['Assessment', 'التقييم'],
    ],
    courses: [
      [
        'Basic Life Support',
        'دعم الحياة الأساسي',
        'Respond to cardiac emergencies with CPR and AED.',
        'استجب لحالات الطوارئ القلبية بالإنعاش ومزيل الرجفان.',
      ],
      [
        'Clinical Nutrition',
        'التغذية العلاجية',
        'Plan diets for patients with chronic conditions.',
        'خطط الأنظمة الغذائية لمرضى الأمراض المزمنة.',
      ],
      [
        'Infection Prevention and Control',
        'الوقاية من العدوى ومكافحتها',
        'Apply hospital infection-control standards.',
        'طبّق معايير مكافحة العدوى في المستشفيات.',
      ],
      [
        'Healthcare Quality and Patient Safety',
        'جودة الرعاية الصحية وسلامة المرضى',
        'Measure and improve quality of care.',
        'قِس جودة الرعاية وحسّنها.',
      ],
      [
        'Mental Health First Aid',
        'الإسعافات الأولية للصحة النفسية',
        'Support someone in a mental-health crisis.',
        'ساند من يمر بأزمة نفسية.',
      ],
    ],
  },
  {
    slug: 'agriculture',
    name: 'Agriculture & Food Security',
    name_ar: 'الزراعة والأمن الغذائي',
    colour: '#65a30d',
    topics: [
      ['Soil and water', 'التربة والمياه'],
      ['Crop management', 'إدارة المحاصيل'],
      ['Field visit', 'زيارة ميدانية'],
      ['Technology on the farm', 'التقنية في المزرعة'],
      ['Markets and value chains', 'الأسواق وسلاسل القيمة'],
    ],
    courses: [
      [
        'Date Palm Cultivation',
        'زراعة النخيل',
        'Grow healthy palms from offshoot to harvest.',
        'ازرع نخيلاً صحياً من الفسيلة حتى الحصاد.',
      ],
      [
        'Modern Irrigation Systems',
        'أنظمة الري الحديثة',
        'Design water-saving drip and sprinkler systems.',
        'صمّم أنظمة ري بالتنقيط والرش توفر المياه.',
      ],
      [
        'Food Safety Management',
        'إدارة سلامة الغذاء',
        'Apply HACCP in food production.',
        'طبّق نظام تحليل المخاطر في إنتاج الغذاء.',
      ],
      [
        'Hydroponics and Greenhouse Farming',
        'الزراعة المائية والبيوت المحمية',
        'Grow vegetables without soil all year round.',
        'ازرع الخضروات دون تربة طوال العام.',
      ],
      [
        'Animal Health and Husbandry',
        'صحة الحيوان ورعايته',
        'Keep livestock healthy and productive.',
        'حافظ على صحة الماشية وإنتاجيتها.',
      ],
    ],
  },
  {
    slug: 'education',
    name: 'Education & Training',
    name_ar: 'التربية والتدريب',
    colour: '#ea580c',
    topics: [
      ['Learning theories', 'نظريات التعلم'],
      ['Planning lessons', 'تخطيط الدروس'],
      ['Engaging learners', 'إشراك المتعلمين'],
      ['Assessment for learning', 'التقويم من أجل التعلم'],
      ['Micro-teaching', 'التدريس المصغر'],
    ],
    courses: [
      [
        'Training of Trainers',
        'تدريب المدربين',
        'Design and deliver effective training sessions.',
        'صمّم جلسات تدريبية فعالة وقدّمها.',
      ],
      [
        'E-Learning Course Design',
        'تصميم المقررات الإلكترونية',
        'Create engaging online courses.',
        'أنشئ مقررات إلكترونية جاذبة.',
      ],
      [
        'Classroom Management Strategies',
        'استراتيجيات إدارة الصف',
        'Keep classes focused and inclusive.',
        'حافظ على تركيز الصف وشموله للجميع.',
      ],
      [
        'Educational Assessment Design',
        'تصميم أدوات التقويم التربوي',
        'Write fair tests and rubrics.',
        'أعدّ اختبارات ومعايير تقييم عادلة.',
      ],
      [
        'Early Childhood Education',
        'تعليم الطفولة المبكرة',
        'Support learning through play.',
        'ادعم التعلم من خلال اللعب.',
      ],
    ],
  },
  {
    slug: 'engineering',
    name: 'Engineering',
    name_ar: 'الهندسة',
    colour: '#0891b2',
    topics: [
      ['Principles', 'المبادئ'],
      ['Standards and codes', 'المعايير والأكواد'],
      ['Software tools', 'الأدوات البرمجية'],
      ['Lab work', 'العمل المخبري'],
      ['Design review', 'مراجعة التصميم'],
    ],
    courses: [
      [
        'AutoCAD for Engineers',
        'أوتوكاد للمهندسين',
        'Produce accurate 2D and 3D drawings.',
        'أنتج رسومات دقيقة ثنائية وثلاثية الأبعاد.',
      ],
      [
        'Renewable Energy Systems',
        'أنظمة الطاقة المتجددة',
        'Size solar and wind installations.',
        'احسب أحجام منظومات الطاقة الشمسية والرياح.',
      ],
      [
        'Occupational Health and Safety',
        'الصحة والسلامة المهنية',
        'Assess and control workplace hazards.',
        'قيّم مخاطر بيئة العمل وتحكم بها.',
      ],
      [
        'Industrial Automation with PLCs',
        'الأتمتة الصناعية باستخدام المتحكمات المنطقية',
        'Program PLCs for production lines.',
        'برمج المتحكمات المنطقية لخطوط الإنتاج.',
      ],
      [
        'Building Information Modelling',
        'نمذجة معلومات البناء',
        'Coordinate projects with BIM tools.',
        'نسّق المشاريع باستخدام أدوات BIM.',
      ],
    ],
  },
];

/** Trainers who publish the seeded courses, besides the demo trainer. */
export const SEED_TRAINERS = [
  {
    full_name: 'Dr. Hessa Al-Dossary',
    email: 'hessa.aldossary@example.com',
    govt_id_or_iqama_no: '1023456781',
    phone_number: '0551230001',
  },
  {
    full_name: 'Eng. Abdullah Al-Otaibi',
    email: 'abdullah.alotaibi@example.com',
    govt_id_or_iqama_no: '1023456782',
    phone_number: '0551230002',
  },
  {
    full_name: 'Dr. Reem Al-Shehri',
    email: 'reem.alshehri@example.com',
    govt_id_or_iqama_no: '1023456783',
    phone_number: '0551230003',
  },
  {
    full_name: 'Mr. Turki Al-Ghamdi',
    email: 'turki.alghamdi@example.com',
    govt_id_or_iqama_no: '1023456784',
    phone_number: '0551230004',
  },
] as const;

export const SEED_TRAINER_PASSWORD = 'Trainer#2026';

/** Course facilitators (not accounts). */
export const FACILITATORS = [
  { full_name: 'Nouf Al-Mutairi', image: DEFAULT_AVATAR },
  { full_name: 'Omar Al-Saleh', image: DEFAULT_AVATAR },
  { full_name: 'Lama Al-Jabr', image: DEFAULT_AVATAR },
] as const;

export interface SeedEvent {
  slug: string;
  title: string;
  title_ar: string;
  description: string;
  description_ar: string;
  location: string;
  location_ar: string;
  image: string;
  event_access: string;
  /** Days from the seed date to the start, and the length in hours. */
  startsInDays: number;
  hours: number;
}

export const EVENTS: readonly SeedEvent[] = [
  {
    slug: 'innovation-forum',
    title: 'Al-Ahsa Innovation Forum',
    title_ar: 'ملتقى الأحساء للابتكار',
    description:
      'Start-up founders, researchers and investors share how ideas from the region became products.',
    description_ar: 'يشارك رواد الأعمال والباحثون والمستثمرون كيف تحولت أفكار من المنطقة إلى منتجات.',
    location: 'University Conference Hall, Al-Ahsa',
    location_ar: 'قاعة المؤتمرات بالجامعة، الأحساء',
    image: '/media/events/innovation-forum.svg',
    event_access: 'Public',
    startsInDays: 14,
    hours: 6,
  },
  {
    slug: 'ai-in-education',
    title: 'AI in Education Workshop',
    title_ar: 'ورشة الذكاء الاصطناعي في التعليم',
    description: 'A hands-on workshop for teachers on using AI tools to prepare lessons and give feedback.',
    description_ar:
      'ورشة تطبيقية للمعلمين حول استخدام أدوات الذكاء الاصطناعي في إعداد الدروس وتقديم التغذية الراجعة.',
    location: 'Training Centre, Room 12',
    location_ar: 'مركز التدريب، القاعة ١٢',
    image: '/media/events/ai-in-education.svg',
    event_access: 'Registered trainees',
    startsInDays: 5,
    hours: 3,
  },
  {
    slug: 'career-fair',
    title: 'Graduate Career Fair',
    title_ar: 'معرض التوظيف للخريجين',
    description: 'Meet more than forty employers from the Eastern Province and bring your CV.',
    description_ar: 'قابل أكثر من أربعين جهة توظيف من المنطقة الشرقية واحضر سيرتك الذاتية.',
    location: 'Main Campus Exhibition Centre',
    location_ar: 'مركز المعارض بالحرم الرئيسي',
    image: '/media/events/career-fair.svg',
    event_access: 'Public',
    startsInDays: 30,
    hours: 8,
  },
  {
    slug: 'women-in-tech',
    title: 'Women in Technology Meetup',
    title_ar: 'لقاء المرأة في التقنية',
    description: 'Talks and mentoring sessions with women leading technology teams in the Kingdom.',
    description_ar: 'محاضرات وجلسات إرشاد مع قياديات يقدن فرقاً تقنية في المملكة.',
    location: 'Female Campus, Lecture Theatre 3',
    location_ar: 'مقر الطالبات، المسرح ٣',
    image: '/media/events/women-in-tech.svg',
    event_access: 'Women only',
    startsInDays: 0,
    hours: 72,
  },
  {
    slug: 'date-palm-day',
    title: 'Date Palm Research Day',
    title_ar: 'يوم أبحاث النخيل',
    description: 'Researchers presented new findings on palm health, irrigation and post-harvest quality.',
    description_ar: 'عرض الباحثون نتائج جديدة حول صحة النخيل والري وجودة التمور بعد الحصاد.',
    location: 'Date Palm Research Centre',
    location_ar: 'مركز أبحاث النخيل والتمور',
    image: '/media/events/date-palm-day.svg',
    event_access: 'Public',
    startsInDays: -20,
    hours: 5,
  },
  {
    slug: 'health-awareness-week',
    title: 'Health Awareness Week',
    title_ar: 'أسبوع التوعية الصحية',
    description: 'Free screenings, first-aid demonstrations and nutrition talks for the community.',
    description_ar: 'فحوصات مجانية وعروض للإسعافات الأولية ومحاضرات عن التغذية لأفراد المجتمع.',
    location: 'College of Medicine Courtyard',
    location_ar: 'ساحة كلية الطب',
    image: '/media/events/health-awareness-week.svg',
    event_access: 'Public',
    startsInDays: -45,
    hours: 48,
  },
];
