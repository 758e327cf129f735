import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AdminRouteContext } from '../admin-context.ts';
import type { AdminActionInput } from '../admin-events.ts';
import type { ActionResult } from '../queries/action-result.ts';

/**
 * Answers an admin action: a refusal as its status and `{ error }`, a success as its body once the action is
 * recorded (who, what, from which IP, and a message naming the target) through `context.recordAction`.
 */
export function answerAction<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  context: AdminRouteContext,
  result: ActionResult<T>,
  describe: (body: T) => AdminActionInput,
): Promise<T | FastifyReply> {
  return answerActionAs(request, reply, context, result, describe, (body) => body);
}

/** As answerAction, for an action whose answer is part of what it did (`answer` picks it). */
export async function answerActionAs<T, Answer>(
  request: FastifyRequest,
  reply: FastifyReply,
  context: AdminRouteContext,
  result: ActionResult<T>,
  describe: (body: T) => AdminActionInput,
  answer: (body: T) => Answer,
): Promise<Answer | FastifyReply> {
  if (!result.ok) return reply.code(result.status).send({ error: result.error });
  await context.recordAction(request, describe(result.body));
  return answer(result.body);
}

/** Answers an action whose service wrote its own one event (through `context.actingAdmin`). */
export function answerRecorded<T>(reply: FastifyReply, result: ActionResult<T>): T | FastifyReply {
  return result.ok ? result.body : reply.code(result.status).send({ error: result.error });
}
