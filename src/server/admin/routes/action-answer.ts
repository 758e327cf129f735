import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AdminRouteContext } from '../admin-context.ts';
import type { AdminActionInput } from '../admin-events.ts';
import type { ActionResult } from '../queries/action-result.ts';

/**
 * Answers an admin action: a refusal as its status and `{ error }`, a success as its body once the action is
 * recorded (who, what, from which IP, and a message naming the target) through `context.recordAction`.
 */
export async function answerAction<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  context: AdminRouteContext,
  result: ActionResult<T>,
  describe: (body: T) => AdminActionInput,
): Promise<T | FastifyReply> {
  if (!result.ok) return reply.code(result.status).send({ error: result.error });
  await context.recordAction(request, describe(result.body));
  return result.body;
}
