import type { SupportNoteRow } from '../../../common/api/support-notes.ts';
import type { Page } from '../../../common/api/wire-values.ts';
import type { Replies } from '../../http/contract-reply.ts';
import type { AdminRoutes } from '../admin-context.ts';
import { allow, ROLES } from '../admin-roles.ts';
import { addNoteAction, listNotes } from '../queries/support-notes.ts';
import { answerRecorded } from './action-answer.ts';
import { notesOfQuery, pageQuery } from './route-input.ts';

/**
 * Support notes on a wallet or a game (docs/operations.md): read by every role, written by every role but
 * the view-only one, never edited or deleted. Writing one records its own audit event.
 */
export const noteRoutes: AdminRoutes = (scope, context) => {
  scope.get<{ Reply: Replies<Page<SupportNoteRow>> }>('/notes', allow(ROLES.read), async ({ query }) =>
    listNotes(context.db, notesOfQuery(query), pageQuery(query)),
  );
  scope.post<{ Reply: Replies<SupportNoteRow> }>('/notes', allow(ROLES.note), async (request, reply) => {
    const result = await addNoteAction(
      { db: context.db, clock: context.clock },
      context.actingAdmin(request),
      request.body,
    );
    return answerRecorded(reply, result);
  });
};
