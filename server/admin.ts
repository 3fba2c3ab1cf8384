import * as z from 'zod/mini';
import { SERVER_MESSAGES, type ServerMessage } from '../src/api/server-messages';
import type { Db } from './db';
import { findUserByEmail, type UserRow } from './users';

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
 * trainer's. Approving an approved trainer changes nothing.
 */
export async function approveTrainer(db: Db, email: string): Promise<TrainerApproval> {
  const user = await findUserByEmail(db, email);
  if (!user) throw new AdminError('unknown-user', SERVER_MESSAGES.userNotFound);
  if (user.role !== 'TRAINER') throw new AdminError('not-a-trainer', SERVER_MESSAGES.notATrainer);
  if (user.approved) return { user, alreadyApproved: true };
  await db.query('UPDATE users SET approved = true WHERE id = $1', [user.id]);
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
