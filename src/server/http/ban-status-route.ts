import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { walletAddressSchema } from '../../common/protocol.ts';
import type { Bans } from '../security/bans.ts';

const body = z.strictObject({ walletAddress: walletAddressSchema.optional() }).optional();

/** SPEC §7 POST /api/ban-status: is this wallet, or the caller's IP, banned, and with what message. */
export function registerBanStatusRoute(app: FastifyInstance, bans: Bans): void {
  app.post('/api/ban-status', async (request, reply) => {
    const parsed = body.safeParse(request.body ?? undefined);
    if (!parsed.success)
      return reply.code(400).send({ error: 'walletAddress must be a base58 wallet address' });
    return bans.status(parsed.data?.walletAddress ?? null, request.ip);
  });
}
