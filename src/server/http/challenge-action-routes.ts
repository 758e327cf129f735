import type { Address, Blockhash } from '@solana/kit';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { ActionPaymentAnswer } from '../../common/api/challenge-api.ts';
import type {
  ActionGetAnswer,
  ActionPostAnswer,
  ActionReplies,
  ActionsJson,
} from '../../common/api/solana-actions.ts';
import type { Clock } from '../../common/clock.ts';
import { buildEntryTransfer } from '../../common/entry-transfer.ts';
import { lamportsToSolString, shortenAddress } from '../../common/format.ts';
import { getGameMode } from '../../common/game-modes.ts';
import { challengePath } from '../../common/page-routes.ts';
import { ERROR_MESSAGES, walletAddressSchema } from '../../common/protocol.ts';
import { CHALLENGE_CODE } from '../../common/rules.ts';
import type { ChainRpc } from '../chain/chain-rpc.ts';
import type { Database } from '../db/database.ts';
import { challengeByCode } from '../game/store/challenge-rows.ts';
import { type ActionPaymentRpc, findActionPayment } from '../ledger/entry/action-payment-lookup.ts';
import { challengeReference, recordChallengeReference } from '../ledger/entry/challenge-action-payment.ts';
import { pathParams, type RouteOf } from '../route-schemas.ts';
import type { PlayerSessions } from '../security/player-sessions.ts';
import { createTokenBucketLimiter } from '../security/token-bucket-limiter.ts';
import type { RateLimit } from './auth/register-player-auth.ts';
import { challengeStatusOf } from './challenge-route.ts';
import type { Replies } from './contract-reply.ts';
import { refuseOverLimit } from './per-ip-refusal.ts';
import { ROUTE_LIMITS } from './route-limits.ts';

const CODE_PARAMS = pathParams('code');
type ActionRoute<Answer> = RouteOf<{ params: typeof CODE_PARAMS }, ActionReplies<Answer>>;

/**
 * A challenge's link as a Solana Action (the Actions spec, version 2.4): a wallet or a social feed that
 * unfurls `/challenge/<code>` finds it through `/actions.json`, shows the challenge with an accept button
 * (GET), and asks for the transaction that pays the entry (POST {account}). The transaction is the product's
 * own entry transfer to the house wallet with the challenge's reference key (`challengeReference`), so the
 * payment can be found on chain by the challenge; it becomes the entry when that wallet opens the link and
 * signs in (`/api/challenges/<code>/action-payment`), verified like every entry, never charged twice, and
 * refunded in full if the challenge is gone by then (by the refusal, or by the payment sweeper).
 */

export const ACTION_VERSION = '2.4';
/** The CORS headers the Actions spec asks of every Actions endpoint, actions.json included. */
export const ACTIONS_CORS_HEADERS: Record<string, string> = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET,POST,PUT,OPTIONS',
  'access-control-allow-headers': 'Content-Type, Authorization, Content-Encoding, Accept-Encoding',
  'access-control-expose-headers': 'X-Action-Version, X-Blockchain-Ids',
};
export const ACTION_API_PREFIX = '/api/actions/challenge/';

export const ACTION_TEXTS = {
  title: 'Retro Pong: you are challenged',
  badCode: 'This link names no challenge',
  notOpen: ERROR_MESSAGES.challengeNotOpen,
  badAccount: 'A valid Solana account is required',
  unavailable: 'The chain cannot be reached just now; try again in a moment',
} as const;

/** The reference key lives with the money code that recognises the payments carrying it. */
export { challengeReference };

const postBody = z.object({ account: walletAddressSchema }).passthrough();

export interface ChallengeActionDeps {
  db: Database;
  clock: Clock;
  rpc: Pick<ChainRpc, 'getLatestBlockhash' | 'getGenesisHash'>;
  houseWallet: string;
  /** The origin players use (PUBLIC_ORIGIN): the icon and links are absolute on it. */
  publicOrigin: () => string;
  /** Per address; ROUTE_LIMITS.challengeAction (actionPayment for the payment route) unless scaled. */
  limit?: RateLimit;
}

export function registerChallengeActionRoutes(app: FastifyInstance, deps: ChallengeActionDeps): void {
  const limiter = createTokenBucketLimiter({
    clock: deps.clock,
    ...(deps.limit ?? ROUTE_LIMITS.challengeAction),
  });
  let blockchainId: string | null = null;
  /** CAIP-2: `solana:` and the first 32 characters of the chain's genesis hash. */
  const chainId = async () => {
    blockchainId ??= `solana:${(await deps.rpc.getGenesisHash().send()).slice(0, 32)}`;
    return blockchainId;
  };
  const actionHeaders = async (reply: FastifyReply) => {
    reply.headers(ACTIONS_CORS_HEADERS);
    reply.header('x-action-version', ACTION_VERSION);
    reply.header('x-blockchain-ids', await chainId().catch(() => 'solana'));
    reply.header('cache-control', 'no-store');
  };

  app.get<{ Reply: { 200: ActionsJson } }>('/actions.json', async (_request, reply) => {
    reply.headers(ACTIONS_CORS_HEADERS);
    return { rules: [{ pathPattern: `${challengePath('*')}`, apiPath: `${ACTION_API_PREFIX}*` }] };
  });
  for (const url of ['/actions.json', `${ACTION_API_PREFIX}:code`]) {
    app.options(url, async (_request, reply) => reply.headers(ACTIONS_CORS_HEADERS).code(204).send());
  }

  app.get<ActionRoute<ActionGetAnswer>>(`${ACTION_API_PREFIX}:code`, async (request, reply) => {
    await actionHeaders(reply);
    const refused = refuseOverLimit(limiter, request, reply);
    if (refused) return refused;
    const { code } = CODE_PARAMS.parse(request.params);
    const found = CHALLENGE_CODE.test(code) ? await challengeByCode(deps.db, code) : null;
    if (!found?.entry.challenge) return reply.code(404).send({ message: ACTION_TEXTS.badCode });
    const mode = getGameMode(found.entry.mode);
    const open = challengeStatusOf(found, deps.clock.now()) === 'open';
    const stake = lamportsToSolString(mode.wagerLamports);
    const prize = lamportsToSolString(mode.winLamports);
    const free = mode.wagerLamports === 0n;
    return reply.code(200).send({
      type: 'action',
      icon: `${deps.publicOrigin()}/favicon.svg`,
      title: ACTION_TEXTS.title,
      description: free
        ? `${shortenAddress(found.entry.player.walletAddress)} challenges you to a free practice match of pong, first to 11. Open the link to play.`
        : `${shortenAddress(found.entry.player.walletAddress)} challenges you to ${mode.name}, first to 11: each pays ${stake} SOL, the winner is paid ${prize} SOL. Accept here, then open the link and sign in with this wallet to play.`,
      label: free ? 'Open the challenge' : `Accept for ${stake} SOL`,
      ...(open && !free ? {} : { disabled: true }),
      ...(open ? {} : { error: { message: ACTION_TEXTS.notOpen } }),
      links: {
        actions: free
          ? [
              {
                type: 'external-link',
                label: 'Open the challenge',
                href: `${deps.publicOrigin()}${challengePath(code)}`,
              },
            ]
          : [
              {
                type: 'transaction',
                label: `Accept for ${stake} SOL`,
                href: `${ACTION_API_PREFIX}${code}`,
              },
            ],
      },
    });
  });

  app.post<ActionRoute<ActionPostAnswer>>(`${ACTION_API_PREFIX}:code`, async (request, reply) => {
    await actionHeaders(reply);
    const refused = refuseOverLimit(limiter, request, reply);
    if (refused) return refused;
    const { code } = CODE_PARAMS.parse(request.params);
    const body = postBody.safeParse(request.body);
    if (!body.success) return reply.code(400).send({ message: ACTION_TEXTS.badAccount });
    const found = CHALLENGE_CODE.test(code) ? await challengeByCode(deps.db, code) : null;
    if (!found?.entry.challenge) return reply.code(404).send({ message: ACTION_TEXTS.badCode });
    const mode = getGameMode(found.entry.mode);
    if (challengeStatusOf(found, deps.clock.now()) !== 'open' || mode.wagerLamports === 0n) {
      return reply.code(422).send({ message: ACTION_TEXTS.notOpen });
    }
    if (body.data.account === found.entry.player.walletAddress) {
      return reply.code(422).send({ message: ERROR_MESSAGES.ownChallenge });
    }
    let latest: { blockhash: Blockhash; lastValidBlockHeight: bigint };
    try {
      // Recorded before any transaction carries it: the sweeper knows a payment it built by this key.
      await recordChallengeReference(deps.db, code, new Date(deps.clock.now()));
      latest = (await deps.rpc.getLatestBlockhash({ commitment: 'confirmed' }).send()).value;
    } catch {
      return reply.code(503).send({ message: ACTION_TEXTS.unavailable });
    }
    const wire = buildEntryTransfer({
      payer: body.data.account as Address,
      houseWallet: deps.houseWallet as Address,
      wagerLamports: mode.wagerLamports,
      latestBlockhash: latest,
      reference: challengeReference(code),
    });
    return reply.code(200).send({
      type: 'transaction',
      transaction: Buffer.from(wire).toString('base64'),
      message: `Entry paid. Now open ${deps.publicOrigin()}${challengePath(code)} and sign in with this wallet to play.`,
    });
  });
}

/**
 * GET /api/challenges/{code}/action-payment: for the signed-in wallet, its unused payment made through the
 * challenge's Action ({ signature } or { signature: null }), so the page takes it as the entry instead of
 * asking the wallet to pay again.
 */
export function registerActionPaymentRoute(
  app: FastifyInstance,
  deps: Omit<ChallengeActionDeps, 'rpc' | 'publicOrigin'> & {
    rpc: ActionPaymentRpc;
    playerSessions: Pick<PlayerSessions, 'fromRequest'>;
  },
): void {
  const limiter = createTokenBucketLimiter({
    clock: deps.clock,
    ...(deps.limit ?? ROUTE_LIMITS.actionPayment),
  });
  app.get<RouteOf<{ params: typeof CODE_PARAMS }, Replies<ActionPaymentAnswer>>>(
    '/api/challenges/:code/action-payment',
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const refused = refuseOverLimit(limiter, request, reply);
      if (refused) return refused;
      const session = await deps.playerSessions.fromRequest(request);
      if (!session)
        return reply.code(401).send({ error: 'Sign in to use a payment made through the wallet' });
      const { code } = CODE_PARAMS.parse(request.params);
      const found = CHALLENGE_CODE.test(code) ? await challengeByCode(deps.db, code) : null;
      if (!found) return reply.code(404).send({ error: ACTION_TEXTS.badCode });
      const wagerLamports = getGameMode(found.entry.mode).wagerLamports;
      if (wagerLamports === 0n) return reply.code(200).send({ signature: null });
      try {
        const signature = await findActionPayment(
          { db: deps.db, rpc: deps.rpc, houseWallet: deps.houseWallet, now: deps.clock.now() },
          { code, walletAddress: session.walletAddress, wagerLamports, createdAt: found.entry.joinedAt },
        );
        return reply.code(200).send({ signature });
      } catch {
        return reply.code(503).send({ error: ACTION_TEXTS.unavailable });
      }
    },
  );
}
