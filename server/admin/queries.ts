import { SERVER_MESSAGES, type ServerMessage } from '@contract/messages/server-messages';
import * as z from 'zod/mini';
import type { Db } from '../db';
import { mailNotice } from '../notifications/notice-mail';
import {
  createNotifier,
  NOTIFICATIONS,
  type NotificationContent,
  type Notifier,
} from '../notifications/notifier';
import { findUserByEmail, setUserApproved, type UserRow } from '../users';

/** Why an administrator's action was refused. */
export class AdminError extends Error {
  override readonly name = 'AdminError';
  constructor(
    readonly reason: 'unknown-user' | 'not-a-trainer',
    readonly userMessage: ServerMessage,
  ) {
    super(userMessage);
  }
}

export interface TrainerApproval {
  user: UserRow;
  /** True when the trainer had been approved before: nothing changed. */
  alreadyApproved: boolean;
}

/**
 * Lets a trainer sign in. Throws AdminError for an unknown address or an account that is not a
 * trainer's. Approving an approved trainer changes nothing. The trainer is notified, and mailed
 * (from `origin`: PUBLIC_ORIGIN).
 */
export async function approveTrainer(
  db: Db,
  email: string,
  origin: string,
  notifier: Notifier = createNotifier(db),
): Promise<TrainerApproval> {
  const user = await findUserByEmail(db, email);
  if (!user) throw new AdminError('unknown-user', SERVER_MESSAGES.userNotFound);
  if (user.role !== 'TRAINER') throw new AdminError('not-a-trainer', SERVER_MESSAGES.notATrainer);
  if (user.approved) return { user, alreadyApproved: true };
  const { announce } = await db.transaction(async (tx) => {
    await setUserApproved(tx, user.id, true);
    const notice = await notifier.notifyWithin(tx, user.id, NOTIFICATIONS.trainerApproved());
    await mailNotice(tx, origin, user.id, { kind: 'trainer_approved' });
    return notice;
  });
  await announce();
  return { user: { ...user, approved: true }, alreadyApproved: false };
}

/** The answer of POST /api/v1/admin/approve-trainer/. */
export const trainerApprovalResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    email: z.string(),
    full_name: z.string(),
    verified: z.boolean(),
    already_approved: z.boolean(),
  }),
});
export type TrainerApprovalResponse = z.infer<typeof trainerApprovalResponseSchema>;

export function toApprovalResponse({ user, alreadyApproved }: TrainerApproval): TrainerApprovalResponse {
  return trainerApprovalResponseSchema.parse({
    success: true,
    data: {
      email: user.email,
      full_name: user.full_name,
      verified: user.verified,
      already_approved: alreadyApproved,
    },
  });
}

/** Sends a user a notification (for announcements and checks of the live channel). */
export async function notifyUser(
  db: Db,
  email: string,
  content: NotificationContent,
  notifier: Notifier = createNotifier(db),
): Promise<{ user: UserRow; id: number }> {
  const user = await findUserByEmail(db, email);
  if (!user) throw new AdminError('unknown-user', SERVER_MESSAGES.userNotFound);
  const created = await notifier.notify(user.id, content);
  return { user, id: created.id };
}

/** The body of POST /api/v1/admin/notify/: the Arabic wording defaults to the English one. */
export const notifyRequestSchema = z.object({
  email: z.string().check(z.minLength(1)),
  title: z.string().check(z.minLength(1), z.maxLength(200)),
  text: z.string().check(z.minLength(1), z.maxLength(1000)),
  title_ar: z.optional(z.string().check(z.maxLength(200))),
  text_ar: z.optional(z.string().check(z.maxLength(1000))),
  link: z.optional(z.nullable(z.string().check(z.regex(/^\/[^/]/, 'a path of this site')))),
});
export type NotifyRequest = z.infer<typeof notifyRequestSchema>;

export function notificationContent(request: NotifyRequest): NotificationContent {
  return {
    title: request.title,
    title_ar: request.title_ar || request.title,
    text: request.text,
    text_ar: request.text_ar || request.text,
    link: request.link ?? null,
  };
}

/** The answer of POST /api/v1/admin/notify/. */
export const notifyResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ id: z.number(), email: z.string(), full_name: z.string() }),
});
export type NotifyResponse = z.infer<typeof notifyResponseSchema>;
