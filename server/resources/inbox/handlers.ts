import type { FastifyRequest } from 'fastify';
import { callerOf } from '../../auth/authenticate.ts';
import type { HandlerModule } from '../../contract/handlers.ts';
import type { Queryable } from '../../db/database.ts';
import { checkedBodyOf } from '../../form-check/checked-body.ts';
import { notFound } from '../../http/http-error.ts';
import { INBOX_TEXTS } from './inbox-texts.ts';
import { findVisibleMessage, searchVisibleMessages, type InboxMessage } from './repository.ts';

/** At most this many labels on one message, each trimmed and kept once. */
const MAX_LABELS = 10;

/**
 * The agency's shared inbox (spec 002 section 2 '{basePath}/inbox'; section 3 Message: dateReceived, seenBy,
 * isArchived, isStarred, labels). Messages are posted by the moves of quotes and submissions
 * (post-message.ts); here they are listed by folder, opened (which marks them seen by the reader), starred,
 * archived and labelled, each within the tenant rule.
 */
export const handlers: HandlerModule = ({ db }) => {
  async function change(request: FastifyRequest<{ Params: { id: string } }>, message: string, write: (tx: Queryable, found: InboxMessage) => Promise<void>) {
    const caller = callerOf(request);
    await db.transaction(async (tx) => {
      const found = await findVisibleMessage(tx, caller, request.params.id, true);
      if (!found) throw notFound(INBOX_TEXTS.notFound);
      await write(tx, found);
    });
    return { message, inboxMessage: (await findVisibleMessage(db, caller, request.params.id))! };
  }

  return {
    async searchInboxMessages(request) {
      return searchVisibleMessages(db, callerOf(request), request.query);
    },

    async openInboxMessage(request) {
      const caller = callerOf(request);
      const { inboxMessage } = await change(request, '', async (tx, found) => {
        await tx.query(`UPDATE inbox_messages SET seen_by = array_append(seen_by, $2::uuid) WHERE id = $1 AND NOT ($2::uuid = ANY(seen_by))`, [found.id, caller.userId]);
      });
      return inboxMessage;
    },

    async starInboxMessage(request) {
      const starred = request.body.starred;
      return change(request, starred ? INBOX_TEXTS.starred : INBOX_TEXTS.unstarred, async (tx, found) => {
        await tx.query('UPDATE inbox_messages SET is_starred = $2 WHERE id = $1', [found.id, starred]);
      });
    },

    async archiveInboxMessage(request) {
      const archived = request.body.archived;
      return change(request, archived ? INBOX_TEXTS.archived : INBOX_TEXTS.unarchived, async (tx, found) => {
        await tx.query('UPDATE inbox_messages SET is_archived = $2 WHERE id = $1', [found.id, archived]);
      });
    },

    async labelInboxMessage(request) {
      const body = checkedBodyOf(request);
      const labels = [...new Set((body.labels ?? []).map((label) => label.trim()).filter(Boolean))].slice(0, MAX_LABELS);
      return change(request, INBOX_TEXTS.labelsSaved, async (tx, found) => {
        await tx.query('UPDATE inbox_messages SET labels = $2::text[] WHERE id = $1', [found.id, labels]);
      });
    },
  };
};
