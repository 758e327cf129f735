import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { BanStatusAnswer } from '../../common/api/player-api.ts';
import { ERROR_MESSAGES, walletAddressSchema } from '../../common/protocol.ts';
import type { JurisdictionCheck } from '../game/game-ports.ts';
import type { Bans } from '../security/bans.ts';
import type { Replies } from './contract-reply.ts';

const body = z.strictObject({ walletAddress: walletAddressSchema.optional() }).optional();

/**
 * SPEC §3's ban status, plus whether the caller's address may play for money: a player
 * in a restricted jurisdiction learns it in the lobby, before paying, instead of from a refused search.
 * Only fields are added; SPEC §7's four keep their meaning.
 */
export type { BanStatusAnswer };

/** SPEC §7 POST /api/ban-status: is this wallet, or the caller's IP, banned, and with what message. */
export function registerBanStatusRoute(
  app: FastifyInstance,
  bans: Bans,
  jurisdiction?: Pick<JurisdictionCheck, 'restrictedCountryOf'>,
): void {
  app.post<{ Reply: Replies<BanStatusAnswer> }>('/api/ban-status', async (request, reply) => {
    const parsed = body.safeParse(request.body ?? undefined);
    if (!parsed.success)
      return reply.code(400).send({ error: 'walletAddress must be a base58 wallet address' });
    const status = await bans.status(parsed.data?.walletAddress ?? null, request.ip);
    const country = jurisdiction?.restrictedCountryOf(request.ip) ?? null;
    return {
      ...status,
      paidPlayRestricted: country !== null,
      paidPlayMessage: country ? ERROR_MESSAGES.restrictedJurisdiction : null,
      restrictedCountry: country,
    };
  });
}
