import type { Mail } from '../mail';

/** What the invitation mail names: who invites, to which course (none: to the platform), the link. */
export interface InvitationMailFacts {
  to: string;
  inviter: string;
  course: { title: string; title_ar: string } | null;
  link: string;
  /** The day the link stops working (YYYY-MM-DD). */
  expiresOn: string;
}

/** The invitation mail, English then Arabic, as the other mails of server/mail.ts. */
export function invitationMail(facts: InvitationMailFacts): Mail {
  const { inviter, course, link, expiresOn } = facts;
  const text = [
    'Hello,',
    '',
    course
      ? `${inviter} invited you to the course ${course.title} on KFU Training.`
      : `${inviter} invited you to join KFU Training, the learning platform of the KFU training centre.`,
    `Open this link to accept the invitation (it works until ${expiresOn}):`,
    link,
    'If you do not know the sender, ignore this e-mail.',
    '',
    '—',
    '',
    'مرحبًا،',
    '',
    course
      ? `دعاك ${inviter} إلى دورة ${course.title_ar} في منصة التدريب بجامعة الملك فيصل.`
      : `دعاك ${inviter} للانضمام إلى منصة التدريب بجامعة الملك فيصل.`,
    `افتح هذا الرابط لقبول الدعوة (يعمل حتى ${expiresOn}):`,
    link,
    'إذا كنت لا تعرف المرسل فتجاهل هذه الرسالة.',
    '',
    'KFU Training Centre | مركز التدريب بجامعة الملك فيصل',
  ].join('\n');
  return {
    to: facts.to,
    subject: course
      ? `KFU Training: ${inviter} invited you to ${course.title} | دعوة إلى ${course.title_ar}`
      : `KFU Training: ${inviter} invited you | دعوة للانضمام إلى منصة التدريب`,
    text,
    kind: 'invitation',
  };
}
