import { toLatinDigits } from '@contract/domain/digits';
import { CHAT_MESSAGES } from '@contract/messages/chat';
import { SERVER_MESSAGES } from '@contract/messages/server-messages';
import { CHAT_MAX_PAGE_SIZE, CHAT_PAGE_SIZE, startConversationSchema } from '@contract/wire/chat';
import { Hono } from 'hono';
import { requireAuth, requireRole } from '../auth/middleware';
import type { Deps } from '../deps';
import { type AppEnv, HttpProblem, type ProblemDetail } from '../http';
import type { Mounts } from '../mounts';
import { jsonBody, MAX_ID, validId, validQuery, wholeNumber } from '../validation';
import {
  chatContacts,
  createDirectConversation,
  directConversationId,
  listConversations,
  mayStart,
  membership,
  messagePage,
  oneConversation,
} from './queries';

/** `before` and `limit` of a history page: whole numbers (Arabic-Indic digits too); bad ones 400. */
const historyQuery = validQuery((query) => {
  const beforeText = toLatinDigits(query('before') ?? '').trim() || undefined;
  const limitText = toLatinDigits(query('limit') ?? '').trim() || undefined;
  const before = beforeText === undefined ? null : wholeNumber(beforeText, MAX_ID);
  const limit = limitText === undefined ? CHAT_PAGE_SIZE : wholeNumber(limitText, CHAT_MAX_PAGE_SIZE);
  const details: ProblemDetail[] = [];
  if (before === undefined) details.push({ field: 'before', message: SERVER_MESSAGES.malformedAddress });
  if (limit === undefined) details.push({ field: 'limit', message: SERVER_MESSAGES.limitInvalid });
  if (before === undefined || limit === undefined) throw new HttpProblem(400, details);
  return { before, limit };
});

/**
 * The chat's calls (contract/wire/chat.ts, src/api/chat.ts) for signed-in trainees and trainers;
 * messages themselves travel over /ws/chat (server/chat/socket.ts).
 */
export function chatRoutes({ db, tokens, limiter }: Deps): Mounts {
  const routes = new Hono<AppEnv>();
  const member = [requireAuth(db, tokens), requireRole('TRAINEE', 'TRAINER')] as const;

  /** 404 for an unknown conversation, 403 for one the user does not belong to. */
  async function assertMember(conversationId: number, userId: number): Promise<void> {
    const found = await membership(db, conversationId, userId);
    if (found === 'unknown') throw new HttpProblem(404, SERVER_MESSAGES.notFound);
    if (found === 'outsider') throw new HttpProblem(403, CHAT_MESSAGES.notMember);
  }

  routes.get('/conversations/', ...member, async (c) => {
    return c.json(await listConversations(db, c.get('user').id));
  });

  routes.post(
    '/conversations/',
    ...member,
    jsonBody(startConversationSchema, SERVER_MESSAGES.malformedBody),
    async (c) => {
      const userId = c.get('user').id;
      const otherId = c.req.valid('json').user_id;
      if (otherId === userId) throw new HttpProblem(400, CHAT_MESSAGES.notYourself);
      // A conversation once started stays open to both, whatever became of the course.
      const existing = otherId <= MAX_ID ? await directConversationId(db, userId, otherId) : null;
      let conversationId = existing;
      let created = false;
      if (existing === null) {
        // Every new start counts, refused ones too: they would otherwise tell who is enrolled where.
        await limiter.consume('chatStartAccount', String(userId));
        const started = await db.transaction(async (tx) => {
          if (otherId > MAX_ID || !(await mayStart(tx, userId, otherId)))
            throw new HttpProblem(403, CHAT_MESSAGES.cannotStart);
          return createDirectConversation(tx, userId, otherId);
        });
        conversationId = started.id;
        created = started.created;
      }
      const conversation = conversationId === null ? null : await oneConversation(db, userId, conversationId);
      if (!conversation) throw new Error('The started conversation cannot be read');
      return c.json(conversation, created ? 201 : 200);
    },
  );

  routes.get('/conversations/:id/', ...member, validId(), async (c) => {
    const userId = c.get('user').id;
    const { id } = c.req.valid('param');
    await assertMember(id, userId);
    const conversation = await oneConversation(db, userId, id);
    if (!conversation) throw new HttpProblem(404, SERVER_MESSAGES.notFound);
    return c.json(conversation);
  });

  routes.get('/conversations/:id/messages/', ...member, validId(), historyQuery, async (c) => {
    const { id } = c.req.valid('param');
    const { before, limit } = c.req.valid('query');
    await assertMember(id, c.get('user').id);
    return c.json(await messagePage(db, id, before, limit));
  });

  routes.get('/contacts/', ...member, async (c) => {
    return c.json({ results: await chatContacts(db, c.get('user').id) });
  });

  return [['/chat/', routes]];
}
