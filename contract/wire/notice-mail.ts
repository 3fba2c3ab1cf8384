import type { Role } from '@contract/wire/common';
import * as z from 'zod/mini';

/**
 * Notices by mail (docs/mail.md, "Notices by mail"): what happened for a user that the bell shows
 * and a mail also tells, unless the user turned that kind off on the profile. Every kind is on
 * until turned off.
 */
export const NOTICE_MAIL_KINDS = [
  'trainer_approved',
  'course_approved',
  'course_rejected',
  'payment_receipt',
  'withdrawal_decided',
  'grade_released',
  'invitation_accepted',
  'certificate_issued',
] as const;
export const noticeMailKindSchema = z.enum(NOTICE_MAIL_KINDS);
export type NoticeMailKind = z.infer<typeof noticeMailKindSchema>;

/**
 * The kinds each role can turn off, in the order the profile lists them. Trainees pay, withdraw,
 * are graded, invite and earn certificates; trainers have courses decided. `trainer_approved` is
 * always mailed: it comes before a trainer can first sign in, so no setting could have been made.
 */
export const NOTICE_MAIL_KINDS_OF: Record<Role, readonly NoticeMailKind[]> = {
  TRAINEE: [
    'payment_receipt',
    'withdrawal_decided',
    'grade_released',
    'invitation_accepted',
    'certificate_issued',
  ],
  TRAINER: ['course_approved', 'course_rejected'],
  ADMIN: [],
};

export const noticeMailSettingSchema = z.object({ kind: noticeMailKindSchema, mail: z.boolean() });
export type NoticeMailSetting = z.infer<typeof noticeMailSettingSchema>;

/** GET and PUT /profile/notification-settings/: the user's kinds, each with whether it is mailed. */
export const noticeMailSettingsSchema = z.object({
  success: z.literal(true),
  data: z.object({ kinds: z.array(noticeMailSettingSchema) }),
});
export type NoticeMailSettings = z.infer<typeof noticeMailSettingsSchema>;

/** PUT /profile/notification-settings/: the kinds to change (those left out stay as they are). */
export const noticeMailSettingsRequestSchema = /* @__PURE__ */ z.object({
  kinds: z.array(noticeMailSettingSchema).check(z.maxLength(NOTICE_MAIL_KINDS.length)),
});
export type NoticeMailSettingsRequest = z.infer<typeof noticeMailSettingsRequestSchema>;
