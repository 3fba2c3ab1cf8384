import { toArabicIndicDigits } from '@contract/domain/digits';
import { riyals } from '@contract/domain/money';
import { NOTICE_MAIL_KINDS, type NoticeMailKind } from '@contract/wire/notice-mail';
import { OTP_TTL_MINUTES, type OtpPurpose } from '../auth/otp';
import { type Centre, mailLogo, mailOrigin } from './centre';
import {
  type Block,
  type Composition,
  type MailLanguage,
  renderHtml,
  renderText,
  type Section,
  say,
} from './layout';

export { type Centre, type CentreRow, centreForMail, mailLogo, readCentreForMail } from './centre';
export { escapeHtml } from './html';
export type { MailLanguage } from './layout';

/** A mail as the outbox queues it: `queueMessage(tx, { channel: 'email', to, kind, ...rendered })`. */
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

export interface MailCourse {
  id: number;
  title: string;
  title_ar: string;
}

/**
 * What each kind of mail says. `kind` is the outbox's kind. A link (`link`) is an app path
 * ("/verify/ABC") or a full address under the centre's origin; the other links are built here.
 */
export type MailContent = (
  | { kind: OtpPurpose; code: string }
  /** Told to the old address once an e-mail change is confirmed. */
  | { kind: 'email_changed'; newAddress: string }
  | {
      kind: 'invitation';
      inviter: string;
      course: { title: string; title_ar: string } | null;
      link: string;
      /** The day the link stops working (YYYY-MM-DD). */
      expiresOn: string;
    }
  | { kind: 'trainer_approved' }
  /** A trainer application turned down by the staff, with their reason. */
  | { kind: 'application_rejected'; reason: string }
  /** A new staff account: `link` opens the sign-in's password reset for the address. */
  | { kind: 'staff_invitation'; inviter: string; link: string }
  | { kind: 'course_approved'; course: MailCourse }
  | { kind: 'course_rejected'; course: MailCourse; reason: string }
  /** The staff's decision on a change of an approved course's details (always mailed). */
  | { kind: 'revision_approved'; course: MailCourse }
  | { kind: 'revision_rejected'; course: MailCourse; reason: string }
  /** `amount` in halalas; the receipt is the payment's (/receipts/:paymentId). */
  | { kind: 'payment_receipt'; course: MailCourse; amount: number; paymentId: string; receiptCode?: string }
  | { kind: 'withdrawal_decided'; course: MailCourse; approved: boolean; reason?: string | null }
  | { kind: 'grade_released'; course: MailCourse; item: { title: string; title_ar?: string | null } }
  /** Told to the inviter: `invitee` is the name of who accepted. */
  | { kind: 'invitation_accepted'; invitee: string; course: MailCourse | null }
  | { kind: 'certificate_issued'; course: MailCourse; link: string }
) & {
  /** The recipient's name, for the greeting. */
  name?: string | undefined;
  /** The recipient's language, written first; English first when unknown. */
  language?: MailLanguage | undefined;
};

export type MailKind = MailContent['kind'];

/** The notices: mails a user may turn off, each ending with the settings link (the contract's list). */
export const NOTICE_KINDS = NOTICE_MAIL_KINDS satisfies readonly MailKind[];
export type NoticeKind = NoticeMailKind;

export const MAIL_KINDS = [
  'registration',
  'reset',
  'email_change',
  'sign_in',
  'staff_invitation',
  'application_rejected',
  'email_changed',
  'invitation',
  'revision_approved',
  'revision_rejected',
  ...NOTICE_KINDS,
] as const satisfies readonly MailKind[];

/** The notification settings page, linked from every notice. */
export const NOTIFICATION_SETTINGS_PATH = '/profile#notification-settings';

const SUBJECT_PREFIX = 'KFU Training';

/** Subject values stay on one line. */
function oneLine(value: string): string {
  return value.replace(/\s+/g, ' ').trim();
}

function subject(en: string, ar: string): string {
  return oneLine(`${SUBJECT_PREFIX}: ${en} | ${ar}`);
}

/** An address of the app: a path under the origin, or a full address that is already under it. */
export function appUrl(centre: Pick<Centre, 'origin'>, link: string): string {
  const origin = mailOrigin(centre.origin);
  if (link.startsWith('/') && !link.startsWith('//')) return `${origin}${link}`;
  const url = URL.canParse(link) ? new URL(link) : null;
  if (url?.origin !== origin) throw new Error(`A mail links only under ${origin}, not to ${link}`);
  return url.href;
}

function arabicNumber(value: string): string {
  return toArabicIndicDigits(value).replace(/\./g, '٫');
}

function amountText(halalas: number, language: MailLanguage): string {
  return language === 'en' ? `${riyals(halalas)} SAR` : `${arabicNumber(riyals(halalas))} ريال`;
}

/** A calendar day (YYYY-MM-DD) as each language writes it; anything else as given. */
function dayText(day: string, language: MailLanguage): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return day;
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return new Intl.DateTimeFormat(language === 'ar' ? 'ar-SA-u-nu-arab-ca-gregory' : 'en-GB', {
    dateStyle: 'long',
    timeZone: 'UTC',
  }).format(date);
}

function greetings(name: string | undefined): { en: string; ar: string } {
  const clean = name ? oneLine(name) : '';
  return clean ? { en: `Hello ${clean},`, ar: `مرحبًا ${clean}،` } : { en: 'Hello,', ar: 'مرحبًا،' };
}

const OTP_TEXTS: Record<
  OtpPurpose,
  {
    subjectEn: string;
    subjectAr: string;
    headingEn: string;
    headingAr: string;
    en: string;
    ar: string;
    enIgnore: string;
    arIgnore: string;
  }
> = {
  registration: {
    subjectEn: 'your verification code',
    subjectAr: 'رمز التحقق',
    headingEn: 'Your verification code',
    headingAr: 'رمز التحقق',
    en: 'Your verification code is:',
    ar: 'رمز التحقق الخاص بك هو:',
    enIgnore: 'If you did not sign up for KFU Training, ignore this e-mail.',
    arIgnore: 'إذا لم تسجّل في منصة التدريب بجامعة الملك فيصل فتجاهل هذه الرسالة.',
  },
  reset: {
    subjectEn: 'your password reset code',
    subjectAr: 'رمز إعادة تعيين كلمة المرور',
    headingEn: 'Reset your password',
    headingAr: 'إعادة تعيين كلمة المرور',
    en: 'Your password reset code is:',
    ar: 'رمز إعادة تعيين كلمة المرور الخاص بك هو:',
    enIgnore: 'If you did not ask to reset your password, ignore this e-mail: your password stays as it is.',
    arIgnore: 'إذا لم تطلب إعادة تعيين كلمة المرور فتجاهل هذه الرسالة، ولن تتغير كلمة مرورك.',
  },
  email_change: {
    subjectEn: 'confirm your new e-mail address',
    subjectAr: 'تأكيد بريدك الإلكتروني الجديد',
    headingEn: 'Confirm your new e-mail address',
    headingAr: 'تأكيد بريدك الإلكتروني الجديد',
    en: 'The code that confirms this as your new e-mail address is:',
    ar: 'رمز تأكيد هذا العنوان بريدًا إلكترونيًا جديدًا لحسابك هو:',
    enIgnore: 'If you did not ask to change your e-mail address, ignore this e-mail: nothing changes.',
    arIgnore: 'إذا لم تطلب تغيير بريدك الإلكتروني فتجاهل هذه الرسالة، ولن يتغير شيء.',
  },
  sign_in: {
    subjectEn: 'your staff sign-in code',
    subjectAr: 'رمز دخول الموظفين',
    headingEn: 'Your sign-in code',
    headingAr: 'رمز الدخول',
    en: 'Someone signed in to your staff account with your password. The code that completes the sign-in is:',
    ar: 'دخل أحدهم إلى حسابك موظفًا بكلمة مرورك. الرمز الذي يُتمّ الدخول هو:',
    enIgnore: 'If it was not you, ignore this e-mail and change your password.',
    arIgnore: 'إذا لم تكن أنت فتجاهل هذه الرسالة وغيّر كلمة مرورك.',
  },
};

type Parts = Omit<Section, 'greeting'>;

interface Draft {
  subject: string;
  en: Parts;
  ar: Parts;
}

function action(label: string, url: string): Block {
  return { type: 'action', label, url };
}

function reasonBlocks(reason: string | null | undefined, label: string): Block[] {
  const text = reason?.trim();
  return text ? [{ type: 'quote', label, text }] : [];
}

function draft(content: MailContent, centre: Centre): Draft {
  const url = (link: string) => appUrl(centre, link);
  switch (content.kind) {
    case 'registration':
    case 'reset':
    case 'email_change':
    case 'sign_in': {
      const texts = OTP_TEXTS[content.kind];
      const minutes = String(OTP_TTL_MINUTES);
      return {
        subject: subject(texts.subjectEn, texts.subjectAr),
        en: {
          heading: texts.headingEn,
          blocks: [
            { type: 'line', line: [texts.en] },
            { type: 'code', code: content.code },
            { type: 'line', line: say`It expires in ${minutes} minutes.` },
          ],
          ignore: texts.enIgnore,
        },
        ar: {
          heading: texts.headingAr,
          blocks: [
            { type: 'line', line: [texts.ar] },
            { type: 'code', code: content.code },
            { type: 'line', line: say`تنتهي صلاحيته خلال ${toArabicIndicDigits(minutes)} دقائق.` },
          ],
          ignore: texts.arIgnore,
        },
      };
    }
    case 'email_changed':
      return {
        subject: subject('your e-mail address was changed', 'تم تغيير بريدك الإلكتروني'),
        en: {
          heading: 'Your e-mail address was changed',
          blocks: [
            {
              type: 'line',
              line: say`The e-mail address of your KFU Training account is now ${content.newAddress}.`,
            },
            { type: 'line', line: ['If you did not change it, write to the training centre at once.'] },
          ],
        },
        ar: {
          heading: 'تم تغيير بريدك الإلكتروني',
          blocks: [
            { type: 'line', line: say`أصبح البريد الإلكتروني لحسابك في منصة التدريب ${content.newAddress}.` },
            { type: 'line', line: ['إذا لم تغيّره أنت فتواصل مع مركز التدريب فورًا.'] },
          ],
        },
      };
    case 'invitation': {
      const { inviter, course } = content;
      const link = url(content.link);
      return {
        subject: course
          ? subject(`${inviter} invited you to ${course.title}`, `دعوة إلى ${course.title_ar}`)
          : subject(`${inviter} invited you`, 'دعوة للانضمام إلى منصة التدريب'),
        en: {
          heading: 'You are invited',
          blocks: [
            {
              type: 'line',
              line: course
                ? say`${inviter} invited you to the course ${course.title} on KFU Training.`
                : say`${inviter} invited you to join KFU Training, the learning platform of ${centre.nameEn}.`,
            },
            action('Accept the invitation', link),
            { type: 'line', line: say`The link works until ${dayText(content.expiresOn, 'en')}.` },
          ],
          ignore: 'If you do not know the sender, ignore this e-mail.',
        },
        ar: {
          heading: 'لديك دعوة',
          blocks: [
            {
              type: 'line',
              line: course
                ? say`دعاك ${inviter} إلى دورة ${course.title_ar} في منصة التدريب بجامعة الملك فيصل.`
                : say`دعاك ${inviter} للانضمام إلى منصة التدريب، منصة التعلّم في ${centre.nameAr}.`,
            },
            action('قبول الدعوة', link),
            { type: 'line', line: say`يعمل الرابط حتى ${dayText(content.expiresOn, 'ar')}.` },
          ],
          ignore: 'إذا كنت لا تعرف المرسل فتجاهل هذه الرسالة.',
        },
      };
    }
    case 'trainer_approved': {
      const link = url('/manage-courses');
      return {
        subject: subject('your trainer account is approved', 'تمت الموافقة على حساب المدرب'),
        en: {
          heading: 'Your trainer account is approved',
          blocks: [
            { type: 'line', line: say`${centre.nameEn} has approved your trainer account.` },
            { type: 'line', line: ['You can now create courses and submit them for approval.'] },
            action('Open your courses', link),
          ],
        },
        ar: {
          heading: 'تمت الموافقة على حساب المدرب',
          blocks: [
            { type: 'line', line: say`وافق ${centre.nameAr} على حسابك مدرّبًا.` },
            { type: 'line', line: ['يمكنك الآن إنشاء الدورات وإرسالها للاعتماد.'] },
            action('افتح دوراتك', link),
          ],
        },
      };
    }
    case 'application_rejected':
      return {
        subject: subject('your trainer application', 'طلبك للتدريب'),
        en: {
          heading: 'Your trainer application was not approved',
          blocks: [
            { type: 'line', line: say`${centre.nameEn} has not approved your application to teach.` },
            ...reasonBlocks(content.reason, 'The reason given'),
            { type: 'line', line: ['You may write to the centre if you have a question.'] },
          ],
        },
        ar: {
          heading: 'لم تتم الموافقة على طلبك للتدريب',
          blocks: [
            { type: 'line', line: say`لم يوافق ${centre.nameAr} على طلبك للتدريب.` },
            ...reasonBlocks(content.reason, 'السبب'),
            { type: 'line', line: ['يمكنك مراسلة المركز إن كان لديك سؤال.'] },
          ],
        },
      };
    case 'staff_invitation': {
      const link = url(content.link);
      return {
        subject: subject('you are invited to the staff of the centre', 'دعوة للانضمام إلى موظفي المركز'),
        en: {
          heading: 'You are invited to the staff',
          blocks: [
            { type: 'line', line: say`${content.inviter} has made you a staff account at ${centre.nameEn}.` },
            {
              type: 'line',
              line: [
                'To choose your password, open Log In, choose Forgot password and give this address: a code is mailed to it.',
              ],
            },
            action('Open the site', link),
          ],
        },
        ar: {
          heading: 'دعوة للانضمام إلى الموظفين',
          blocks: [
            { type: 'line', line: say`أنشأ ${content.inviter} لك حساب موظف في ${centre.nameAr}.` },
            {
              type: 'line',
              line: [
                'لاختيار كلمة مرورك افتح تسجيل الدخول واختر نسيت كلمة المرور واكتب هذا العنوان، وسيصلك رمز عليه.',
              ],
            },
            action('افتح الموقع', link),
          ],
        },
      };
    }
    case 'course_approved': {
      const { course } = content;
      const link = url(`/manage-courses/${encodeURIComponent(course.id)}`);
      return {
        subject: subject(`${course.title} is approved`, `تم اعتماد دورة ${course.title_ar}`),
        en: {
          heading: 'Your course is approved',
          blocks: [
            { type: 'line', line: say`${course.title} is now published in the catalogue.` },
            { type: 'line', line: ['You can add classes, assignments and quizzes to it.'] },
            action('Manage the course', link),
          ],
        },
        ar: {
          heading: 'تم اعتماد دورتك',
          blocks: [
            { type: 'line', line: say`أصبحت دورة ${course.title_ar} منشورة في قائمة الدورات.` },
            { type: 'line', line: ['يمكنك الآن إضافة الدروس والواجبات والاختبارات إليها.'] },
            action('إدارة الدورة', link),
          ],
        },
      };
    }
    case 'course_rejected': {
      const { course } = content;
      const link = url(`/edit-course/${encodeURIComponent(course.id)}`);
      return {
        subject: subject(`${course.title} was not approved`, `لم يتم اعتماد دورة ${course.title_ar}`),
        en: {
          heading: 'Your course was not approved',
          blocks: [
            { type: 'line', line: say`${course.title} was not approved.` },
            ...reasonBlocks(content.reason, 'Reason'),
            { type: 'line', line: ['Edit the course and submit it again for approval.'] },
            action('Edit the course', link),
          ],
        },
        ar: {
          heading: 'لم يتم اعتماد دورتك',
          blocks: [
            { type: 'line', line: say`لم يتم اعتماد دورة ${course.title_ar}.` },
            ...reasonBlocks(content.reason, 'السبب'),
            { type: 'line', line: ['عدّل الدورة ثم أرسلها للاعتماد مرة أخرى.'] },
            action('تعديل الدورة', link),
          ],
        },
      };
    }
    case 'revision_approved': {
      const { course } = content;
      const link = url(`/manage-courses/${encodeURIComponent(course.id)}`);
      return {
        subject: subject(
          `your changes to ${course.title} are approved`,
          `تم اعتماد تعديلاتك على دورة ${course.title_ar}`,
        ),
        en: {
          heading: 'Your changes to the course are approved',
          blocks: [
            { type: 'line', line: say`The changes to ${course.title} are now published in the catalogue.` },
            action('Manage the course', link),
          ],
        },
        ar: {
          heading: 'تم اعتماد تعديلاتك على الدورة',
          blocks: [
            { type: 'line', line: say`أصبحت التعديلات على دورة ${course.title_ar} منشورة في قائمة الدورات.` },
            action('إدارة الدورة', link),
          ],
        },
      };
    }
    case 'revision_rejected': {
      const { course } = content;
      const link = url(`/manage-courses/${encodeURIComponent(course.id)}`);
      return {
        subject: subject(
          `your changes to ${course.title} were not approved`,
          `لم يتم اعتماد تعديلاتك على دورة ${course.title_ar}`,
        ),
        en: {
          heading: 'Your changes to the course were not approved',
          blocks: [
            {
              type: 'line',
              line: say`The changes to ${course.title} were not approved. The course stays as it was.`,
            },
            ...reasonBlocks(content.reason, 'Reason'),
            action('Manage the course', link),
          ],
        },
        ar: {
          heading: 'لم يتم اعتماد تعديلاتك على الدورة',
          blocks: [
            {
              type: 'line',
              line: say`لم يتم اعتماد التعديلات على دورة ${course.title_ar}، وتبقى الدورة كما كانت.`,
            },
            ...reasonBlocks(content.reason, 'السبب'),
            action('إدارة الدورة', link),
          ],
        },
      };
    }
    case 'payment_receipt': {
      const { course, amount, receiptCode } = content;
      const link = url(`/receipts/${encodeURIComponent(content.paymentId)}`);
      return {
        subject: subject(`your receipt for ${course.title}`, `إيصال الدفع لدورة ${course.title_ar}`),
        en: {
          heading: 'Payment received',
          blocks: [
            {
              type: 'line',
              line: say`We received your payment of ${amountText(amount, 'en')} for ${course.title}. You are enrolled in the course.`,
            },
            ...(receiptCode ? [{ type: 'line' as const, line: say`Receipt number: ${receiptCode}` }] : []),
            action('View the receipt', link),
          ],
        },
        ar: {
          heading: 'تم استلام الدفعة',
          blocks: [
            {
              type: 'line',
              line: say`استلمنا دفعتك البالغة ${amountText(amount, 'ar')} لدورة ${course.title_ar}، وتم تسجيلك في الدورة.`,
            },
            ...(receiptCode ? [{ type: 'line' as const, line: say`رقم الإيصال: ${receiptCode}` }] : []),
            action('عرض الإيصال', link),
          ],
        },
      };
    }
    case 'withdrawal_decided': {
      const { course, approved } = content;
      const link = url('/enrolled-courses');
      return approved
        ? {
            subject: subject('your withdrawal is approved', 'تمت الموافقة على الانسحاب'),
            en: {
              heading: 'Your withdrawal is approved',
              blocks: [
                { type: 'line', line: say`Your withdrawal from ${course.title} is approved.` },
                ...reasonBlocks(content.reason, 'Note'),
                action('Open your courses', link),
              ],
            },
            ar: {
              heading: 'تمت الموافقة على انسحابك',
              blocks: [
                { type: 'line', line: say`تمت الموافقة على انسحابك من دورة ${course.title_ar}.` },
                ...reasonBlocks(content.reason, 'ملاحظة'),
                action('افتح دوراتك', link),
              ],
            },
          }
        : {
            subject: subject('your withdrawal request was declined', 'تم رفض طلب الانسحاب'),
            en: {
              heading: 'Your withdrawal request was declined',
              blocks: [
                {
                  type: 'line',
                  line: say`Your request to withdraw from ${course.title} was declined; you remain enrolled in the course.`,
                },
                ...reasonBlocks(content.reason, 'Reason'),
                action('Open your courses', link),
              ],
            },
            ar: {
              heading: 'تم رفض طلب الانسحاب',
              blocks: [
                {
                  type: 'line',
                  line: say`تم رفض طلب انسحابك من دورة ${course.title_ar}، وما زلت مسجّلًا في الدورة.`,
                },
                ...reasonBlocks(content.reason, 'السبب'),
                action('افتح دوراتك', link),
              ],
            },
          };
    }
    case 'grade_released': {
      const { course, item } = content;
      const link = url(`/ongoing-courses/${encodeURIComponent(course.id)}/grades`);
      return {
        subject: subject(`a new grade in ${course.title}`, `درجة جديدة في ${course.title_ar}`),
        en: {
          heading: 'A new grade is out',
          blocks: [
            { type: 'line', line: say`Your grade for ${item.title} in ${course.title} is out.` },
            action('See your grades', link),
          ],
        },
        ar: {
          heading: 'صدرت درجة جديدة',
          blocks: [
            {
              type: 'line',
              line: say`صدرت درجتك في ${item.title_ar?.trim() || item.title} ضمن دورة ${course.title_ar}.`,
            },
            action('عرض درجاتك', link),
          ],
        },
      };
    }
    case 'invitation_accepted': {
      const { invitee, course } = content;
      const link = url(course ? `/course-details/${encodeURIComponent(course.id)}` : '/profile');
      return {
        subject: subject(`${invitee} accepted your invitation`, 'تم قبول دعوتك'),
        en: {
          heading: 'Your invitation was accepted',
          blocks: [
            {
              type: 'line',
              line: course
                ? say`${invitee} accepted your invitation to ${course.title}.`
                : say`${invitee} accepted your invitation to KFU Training.`,
            },
            action(course ? 'Open the course' : 'Open your profile', link),
          ],
        },
        ar: {
          heading: 'تم قبول دعوتك',
          blocks: [
            {
              type: 'line',
              line: course
                ? say`قبل ${invitee} دعوتك إلى دورة ${course.title_ar}.`
                : say`قبل ${invitee} دعوتك للانضمام إلى منصة التدريب.`,
            },
            action(course ? 'افتح الدورة' : 'افتح ملفك الشخصي', link),
          ],
        },
      };
    }
    case 'certificate_issued': {
      const { course } = content;
      const link = url(content.link);
      return {
        subject: subject(`your certificate for ${course.title}`, `شهادتك في ${course.title_ar}`),
        en: {
          heading: 'Your certificate is ready',
          blocks: [
            {
              type: 'line',
              line: say`Congratulations! You completed ${course.title}, and your certificate is issued.`,
            },
            action('View your certificate', link),
          ],
        },
        ar: {
          heading: 'شهادتك جاهزة',
          blocks: [
            { type: 'line', line: say`تهانينا! أتممت دورة ${course.title_ar} وصدرت شهادتك.` },
            action('عرض شهادتك', link),
          ],
        },
      };
    }
  }
}

export function isNotice(kind: MailKind): kind is NoticeKind {
  return (NOTICE_KINDS as readonly MailKind[]).includes(kind);
}

/**
 * The mail of `content` in English and Arabic, the recipient's language first: its subject, its
 * plain text and its HTML. Pure: throws when a link is not under `centre.origin`.
 */
export function renderMail(content: MailContent, centre: Centre): RenderedMail {
  const origin = mailOrigin(centre.origin);
  const from: Centre = {
    ...centre,
    origin,
    logoUrl: centre.logoUrl ? mailLogo(centre.logoUrl, origin) : undefined,
  };
  const parts = draft(content, from);
  const hello = greetings(content.name);
  const composition: Composition = {
    subject: parts.subject,
    en: { ...parts.en, greeting: hello.en },
    ar: { ...parts.ar, greeting: hello.ar },
    settingsUrl: isNotice(content.kind) ? appUrl(from, NOTIFICATION_SETTINGS_PATH) : undefined,
  };
  const order: readonly MailLanguage[] = content.language === 'ar' ? ['ar', 'en'] : ['en', 'ar'];
  return {
    subject: composition.subject,
    text: renderText(composition, from, order),
    html: renderHtml(composition, from, order),
  };
}
