import { toArabicIndicDigits } from '@contract/domain/digits';
import type { Notification } from '@contract/wire/notifications';
import type { Broadcast } from '../broadcast';
import type { Db, Queryable } from '../db';
import { describeError } from '../http';

/** What a notification says, in English and Arabic, and where it leads. */
export interface NotificationContent {
  title: string;
  title_ar: string;
  text: string;
  text_ar: string;
  link?: string | null;
}

/** How many notifications the list call answers with (the newest). */
export const NOTIFICATION_LIST_LIMIT = 100;

const COLUMNS = 'id, title, title_ar, text, text_ar, seen, link';

/**
 * Stores notifications and tells the user's open sockets at once, on every server instance, through
 * the broadcast. Without one (the admin command working on the database directly) the notification
 * waits for the user's next read.
 */
export interface Notifier {
  notify(userId: number, content: NotificationContent): Promise<Notification>;
  /**
   * Stores a notification with the statements of an open transaction; `announce` pushes it once the
   * transaction has committed (before, a socket would fetch a list without it).
   */
  notifyWithin(
    tx: Queryable,
    userId: number,
    content: NotificationContent,
  ): Promise<{ notification: Notification; announce(): Promise<void> }>;
  list(userId: number): Promise<Notification[]>;
  /** Marks the user's own notification seen; null when the user has no notification with this id. */
  markSeen(userId: number, id: number): Promise<Notification | null>;
}

export function createNotifier(db: Db, broadcast?: Pick<Broadcast, 'publish'>): Notifier {
  const store = async (q: Queryable, userId: number, content: NotificationContent) => {
    const { rows } = await q.query<Notification>(
      `INSERT INTO notifications (user_id, title, title_ar, text, text_ar, link)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${COLUMNS}`,
      [userId, content.title, content.title_ar, content.text, content.text_ar, content.link ?? null],
    );
    const created = rows[0];
    if (!created) throw new Error('The notification was not stored');
    return created;
  };
  // The notification is stored: a push that cannot go out now is read with the user's next list.
  const announce = async (userId: number, id: number) => {
    await broadcast
      ?.publish({ type: 'new_notification', userId, id })
      .catch((error: unknown) => console.error(`could not announce a notification: ${describeError(error)}`));
  };
  return {
    async notify(userId, content) {
      const created = await store(db, userId, content);
      await announce(userId, created.id);
      return created;
    },
    async notifyWithin(tx, userId, content) {
      const notification = await store(tx, userId, content);
      return { notification, announce: () => announce(userId, notification.id) };
    },
    async list(userId) {
      const { rows } = await db.query<Notification>(
        `SELECT ${COLUMNS} FROM notifications WHERE user_id = $1 ORDER BY id DESC LIMIT $2`,
        [userId, NOTIFICATION_LIST_LIMIT],
      );
      return rows;
    },
    async markSeen(userId, id) {
      const { rows } = await db.query<Notification>(
        `UPDATE notifications SET seen = true WHERE id = $1 AND user_id = $2 RETURNING ${COLUMNS}`,
        [id, userId],
      );
      return rows[0] ?? null;
    },
  };
}

/** A session's day and times as a notification says them ("Tuesday 24 November 2026, 09:00–11:00 Riyadh time"). */
function sessionWhen(
  session: { date: string; start_time: string; end_time: string },
  language: 'en' | 'ar',
): string {
  const day = new Intl.DateTimeFormat(language === 'ar' ? 'ar-SA-u-nu-arab-ca-gregory' : 'en-GB', {
    dateStyle: 'full',
    timeZone: 'UTC',
  }).format(new Date(`${session.date}T00:00:00Z`));
  const times = `${session.start_time}–${session.end_time}`;
  return language === 'ar'
    ? `${day}، ${toArabicIndicDigits(times)} بتوقيت الرياض`
    : `${day}, ${times} Riyadh time`;
}

/** The product's notifications, in both languages. */
export const NOTIFICATIONS = {
  trainerApproved: (): NotificationContent => ({
    title: 'Your trainer account is approved',
    title_ar: 'تمت الموافقة على حساب المدرب',
    text: 'You can now create courses and submit them for approval.',
    text_ar: 'يمكنك الآن إنشاء الدورات وإرسالها للاعتماد.',
    link: null,
  }),
  trainerRejected: (reason: string): NotificationContent => ({
    title: 'Your trainer application was not approved',
    title_ar: 'لم تتم الموافقة على طلبك للتدريب',
    text: `Reason: ${reason}`,
    text_ar: `السبب: ${reason}`,
    link: null,
  }),
  /** Told to every member of staff when something new waits in the approvals queue. */
  staffQueue: (
    kind: 'trainer' | 'course' | 'withdrawal' | 'cash' | 'revision',
    subject: string,
    subjectAr: string,
  ): NotificationContent => {
    const titles = {
      trainer: ['A trainer applied', 'طلب تدريب جديد'],
      course: ['A course waits for approval', 'دورة بانتظار الاعتماد'],
      withdrawal: ['A trainee asks to withdraw', 'طلب انسحاب متدرب'],
      cash: ['A cash payment waits for confirmation', 'دفعة نقدية بانتظار التأكيد'],
      revision: ['Changes to a course wait for approval', 'تعديلات على دورة بانتظار الاعتماد'],
    } as const;
    const [title, title_ar] = titles[kind];
    return { title, title_ar, text: subject, text_ar: subjectAr, link: `/staff/approvals?kind=${kind}` };
  },
  eventRegistered: (event: { id: number; title: string; title_ar: string }): NotificationContent => ({
    title: 'Event registration confirmed',
    title_ar: 'تم تأكيد التسجيل في الفعالية',
    text: `You are registered for ${event.title}.`,
    text_ar: `تم تسجيلك في ${event.title_ar}.`,
    link: `/event-details/${event.id}`,
  }),
  /** The admin approved a trainer's course: it is public, and classes can be added to it. */
  courseApproved: (course: { id: number; title: string; title_ar: string }): NotificationContent => ({
    title: 'Your course is approved',
    title_ar: 'تم اعتماد دورتك',
    text: `${course.title} is now published in the catalogue. You can add classes, assignments and quizzes to it.`,
    text_ar: `أصبحت ${course.title_ar} منشورة في قائمة الدورات، ويمكنك الآن إضافة الدروس والواجبات والاختبارات إليها.`,
    link: `/manage-courses/${course.id}`,
  }),
  /** The staff approved a change of an approved course's details: it is live. */
  revisionApproved: (course: { id: number; title: string; title_ar: string }): NotificationContent => ({
    title: 'Your changes to the course are approved',
    title_ar: 'تم اعتماد تعديلاتك على الدورة',
    text: `The changes to ${course.title} are now published in the catalogue.`,
    text_ar: `أصبحت التعديلات على ${course.title_ar} منشورة في قائمة الدورات.`,
    link: `/manage-courses/${course.id}`,
  }),
  /** The staff rejected a change of an approved course's details: the course stays as it was. */
  revisionRejected: (
    course: { id: number; title: string; title_ar: string },
    reason: string,
  ): NotificationContent => ({
    title: 'Your changes to the course were not approved',
    title_ar: 'لم يتم اعتماد تعديلاتك على الدورة',
    text: `The changes to ${course.title} were not approved, and the course stays as it was. Reason: ${reason}`,
    text_ar: `لم يتم اعتماد التعديلات على ${course.title_ar}، وتبقى الدورة كما كانت. السبب: ${reason}`,
    link: `/manage-courses/${course.id}`,
  }),
  /** The admin rejected a trainer's course, with the reason: edited, it goes back for approval. */
  courseRejected: (
    course: { id: number; title: string; title_ar: string },
    reason: string,
  ): NotificationContent => ({
    title: 'Your course was not approved',
    title_ar: 'لم يتم اعتماد دورتك',
    text: `${course.title} was not approved. Reason: ${reason} Edit the course and send it again.`,
    text_ar: `لم يتم اعتماد ${course.title_ar}. السبب: ${reason} عدّل الدورة ثم أرسلها مرة أخرى.`,
    link: `/edit-course/${course.id}`,
  }),
  /** An administrator's decision on a withdrawal; a refusal carries its reason. */
  withdrawalDecided: (
    course: { id: number; title: string; title_ar: string },
    approved: boolean,
    refusalReason: string | null = null,
  ): NotificationContent =>
    approved
      ? {
          title: 'Withdrawal approved',
          title_ar: 'تمت الموافقة على الانسحاب',
          text: `Your withdrawal from ${course.title} is approved.`,
          text_ar: `تمت الموافقة على انسحابك من ${course.title_ar}.`,
          link: '/enrolled-courses',
        }
      : {
          title: 'Withdrawal declined',
          title_ar: 'تم رفض طلب الانسحاب',
          text: `Your withdrawal from ${course.title} was declined; you remain enrolled.${refusalReason ? ` Reason: ${refusalReason}` : ''}`,
          text_ar: `تم رفض طلب انسحابك من ${course.title_ar}، وما زلت مسجلاً في الدورة.${refusalReason ? ` السبب: ${refusalReason}` : ''}`,
          link: '/enrolled-courses',
        },
  graded: (course: { id: number; title: string; title_ar: string }, work: string): NotificationContent => ({
    title: 'New grade',
    title_ar: 'درجة جديدة',
    text: `${work} in ${course.title} has been graded.`,
    text_ar: `تم رصد درجة ${work} في ${course.title_ar}.`,
    link: `/course-details/${course.id}`,
  }),
  // Grading (server/grading): a trainee's assignment graded, or returned to be sent again; both
  // lead to the lecture in the course player.
  submissionGraded: (lecture: { title: string; title_ar: string; link: string }): NotificationContent => ({
    title: 'Your assignment has been graded',
    title_ar: 'تم تقييم واجبك',
    text: `${lecture.title}: your trainer has given a grade and feedback.`,
    text_ar: `${lecture.title_ar || lecture.title}: وضع المدرب درجتك وملاحظاته.`,
    link: lecture.link,
  }),
  submissionReturned: (lecture: { title: string; title_ar: string; link: string }): NotificationContent => ({
    title: 'Your assignment has been returned',
    title_ar: 'أُعيد إليك واجبك',
    text: `${lecture.title}: read your trainer's feedback and submit it again.`,
    text_ar: `${lecture.title_ar || lecture.title}: اقرأ ملاحظات المدرب ثم سلّمه مرة أخرى.`,
    link: lecture.link,
  }),
  paymentReceived: (course: { id: number; title: string; title_ar: string }): NotificationContent => ({
    title: 'Payment Success',
    title_ar: 'تم الدفع بنجاح',
    text: `You are enrolled in ${course.title}.`,
    text_ar: `تم تسجيلك في ${course.title_ar}.`,
    link: `/course-details/${course.id}`,
  }),
  // The schedule (server/schedule/): a session cancelled, moved or restored, to its enrolled trainees.
  sessionCancelled: (
    course: { id: number; title: string; title_ar: string },
    session: { date: string; start_time: string; end_time: string },
    reason: string,
  ): NotificationContent => ({
    title: 'Session cancelled',
    title_ar: 'أُلغيت الجلسة',
    text: `The ${course.title} session on ${sessionWhen(session, 'en')} is cancelled. Reason: ${reason}`,
    text_ar: `أُلغيت جلسة ${course.title_ar} يوم ${sessionWhen(session, 'ar')}. السبب: ${reason}`,
    link: '/ongoing-courses',
  }),
  sessionMoved: (
    course: { id: number; title: string; title_ar: string },
    session: { date: string; start_time: string; end_time: string },
    to: { date: string; start_time: string; end_time: string },
    reason: string,
  ): NotificationContent => ({
    title: 'Session moved',
    title_ar: 'تغيّر موعد الجلسة',
    text: `The ${course.title} session on ${sessionWhen(session, 'en')} moves to ${sessionWhen(to, 'en')}. Reason: ${reason}`,
    text_ar: `نُقلت جلسة ${course.title_ar} من ${sessionWhen(session, 'ar')} إلى ${sessionWhen(to, 'ar')}. السبب: ${reason}`,
    link: '/ongoing-courses',
  }),
  sessionRestored: (
    course: { id: number; title: string; title_ar: string },
    session: { date: string; start_time: string; end_time: string },
  ): NotificationContent => ({
    title: 'Session back on schedule',
    title_ar: 'عادت الجلسة إلى موعدها',
    text: `The ${course.title} session on ${sessionWhen(session, 'en')} takes place as planned.`,
    text_ar: `تُعقد جلسة ${course.title_ar} يوم ${sessionWhen(session, 'ar')} في موعدها المعتاد.`,
    link: '/ongoing-courses',
  }),
  /** The centre resolved the user's issue report, with its reply (read on /issue-list). */
  issueResolved: (subject: string, reply: string): NotificationContent => ({
    title: 'Your issue is resolved',
    title_ar: 'حُلّت مشكلتك',
    text: `${subject}: ${reply}`,
    text_ar: `${subject}: ${reply}`,
    link: '/issue-list',
  }),
  /** An administrator revoked a trainee's certificate (`npm run admin -- revoke-certificate`). */
  certificateRevoked: (
    certificate: { code: string; course_title: string; course_title_ar: string },
    reason: string,
  ): NotificationContent => ({
    title: 'Your certificate was revoked',
    title_ar: 'أُلغيت شهادتك',
    text: `Your certificate for ${certificate.course_title} (${certificate.code}) was revoked. Reason: ${reason}`,
    text_ar: `أُلغيت شهادتك في ${certificate.course_title_ar} (${certificate.code}). السبب: ${reason}`,
    link: `/verify/${certificate.code}`,
  }),
  /** Someone invited the user's address (server/invitations/): to a course, or to the platform. */
  invited: (
    inviter: string,
    course: { title: string; title_ar: string } | null,
    link: string,
  ): NotificationContent => ({
    title: 'You are invited',
    title_ar: 'لديك دعوة',
    text: course
      ? `${inviter} invited you to ${course.title}. Open the invitation to accept it.`
      : `${inviter} invited you to join KFU Training. Open the invitation to accept it.`,
    text_ar: course
      ? `دعاك ${inviter} إلى ${course.title_ar}. افتح الدعوة لقبولها.`
      : `دعاك ${inviter} للانضمام إلى منصة التدريب. افتح الدعوة لقبولها.`,
    link,
  }),
  /** Someone accepted the inviter's invitation. */
  invitationAccepted: (
    name: string,
    course: { id: number; title: string; title_ar: string } | null,
  ): NotificationContent => ({
    title: 'Invitation accepted',
    title_ar: 'تم قبول دعوتك',
    text: `${name} accepted your invitation to ${course ? course.title : 'KFU Training'}.`,
    text_ar: `قبل ${name} دعوتك إلى ${course ? course.title_ar : 'منصة التدريب'}.`,
    link: course ? `/course-details/${course.id}` : '/profile',
  }),
  /** Chat (server/chat/socket.ts): a message none of the member's devices received for a while. */
  chatDirect: (conversationId: number, sender: string): NotificationContent => ({
    title: `New message from ${sender}`,
    title_ar: `رسالة جديدة من ${sender}`,
    text: `${sender} sent you a message. Open the conversation to read it.`,
    text_ar: `أرسل إليك ${sender} رسالة. افتح المحادثة لقراءتها.`,
    link: `/messages?conversation=${conversationId}`,
  }),
  chatChannel: (
    conversationId: number,
    course: { title: string; title_ar: string },
  ): NotificationContent => ({
    title: `New message in ${course.title}`,
    title_ar: `رسالة جديدة في ${course.title_ar}`,
    text: `There is a new message in the ${course.title} channel. Open it to read it.`,
    text_ar: `توجد رسالة جديدة في قناة ${course.title_ar}. افتحها لقراءتها.`,
    link: `/messages?conversation=${conversationId}`,
  }),
} as const;
