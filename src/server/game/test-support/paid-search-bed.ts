import { randomUUID } from 'node:crypto';
import { type Address, generateKeyPairSigner, type KeyPairSigner } from '@solana/kit';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import {
  airdropTo,
  type LocalChainServer,
  removeDataDir,
  startLocalChainServer,
} from '../../../../test/support/local-chain-server.ts';
import { SOL } from '../../../../test/support/money.ts';
import type { FakeClock } from '../../../common/clock.ts';
import { type GameModeId, getGameMode } from '../../../common/game-modes.ts';
import { type ServerMessage, type ServerMessageOf, serverMessageSchema } from '../../../common/protocol.ts';
import { walletAnalytics } from '../../admin/analytics/refresh-wallet-analytics.ts';
import type { Database } from '../../db/database.ts';
import { payoutJobs, queueSessions, transactions } from '../../db/schema/index.ts';
import { createEntryGate } from '../../entry-gate.ts';
import { pay, verifierOn } from '../../ledger/entry/test-support/entry-fixtures.ts';
import { createMatchMoney } from '../../ledger/match-money.ts';
import { checkMoney } from '../../ledger/test-support/money-check.ts';
import { type Bans, createBans } from '../../security/bans.ts';
import type { EntryVerifier } from '../game-ports.ts';
import { createGameServer, type GameServer, type PlayerLink } from '../game-server.ts';
import type { GameServerOptions } from '../game-server-options.ts';
import { singleNodeTopology } from '../single-node-topology.ts';
import { createDrizzleGameStore } from '../store/drizzle-game-store.ts';

/**
 * Test support for the search rules of the game server: the real game server over a real database,
 * real entry fees paid on the local chain and checked by the real verifier, the real money side, and players
 * as in-memory links that keep what they are sent (the socket adds nothing to these rules). One fake clock,
 * the chain's, drives everything.
 */

export interface TestLink extends PlayerLink {
  readonly wallet: KeyPairSigner;
  /** Every message sent to this link, each checked against the protocol schema. */
  readonly sent: ServerMessage[];
  of<T extends ServerMessage['type']>(type: T): ServerMessageOf<T>[];
}

export interface SearchBed {
  game: GameServer;
  /** The bans the game server checks (the real ones, over the bed's database). */
  bans: Bans;
  clock: FakeClock;
  db: Database;
  /** A link of a funded wallet (a new one unless given), with a session of its own unless given. */
  link(options?: { wallet?: KeyPairSigner; sessionId?: string }): Promise<TestLink>;
  /** Pays the mode's entry on chain from the link's wallet (confirming it moves the clock on). */
  payEntry(link: TestLink, mode?: GameModeId): Promise<string>;
  /** Sends findMatch with a paid entry: the given signature, or a payment made now. */
  findPaidMatch(link: TestLink, paymentSignature?: string, mode?: GameModeId): Promise<void>;
  /** The wallet's queue entries and what the house owes it, as the database holds them. */
  rowsOf(link: TestLink): Promise<Array<typeof queueSessions.$inferSelect>>;
  jobsOf(link: TestLink): Promise<Array<typeof payoutJobs.$inferSelect>>;
  /** The time the wallet's current search joined the queue. */
  joinedAt(link: TestLink): number;
}

export const PAID_MODE = getGameMode('tiny_tuna');

/** One local chain for a test file (both databases' suites share it); read it inside tests. */
export function localChainForFile(): () => LocalChainServer {
  let chain: LocalChainServer | undefined;
  beforeAll(async () => {
    chain = await startLocalChainServer();
  });
  afterAll(async () => {
    await chain?.stop();
    if (chain) await removeDataDir(chain.dataDir);
  });
  return () => {
    if (!chain) throw new Error('the local chain is not started yet');
    return chain;
  };
}

export async function searchBed(
  chain: LocalChainServer,
  db: Database,
  options: {
    /** The game node this game server is; none by default. */
    nodeId?: string;
    /** Another bed's house wallet, so two beds are two nodes of one deployment. */
    houseWallet?: Address;
    /** Where the node stands (its queue and peers); one process alone by default. */
    topology?: GameServerOptions['topology'];
    /** The wait between retries of a refused result (real time by default). */
    sleep?: GameServerOptions['sleep'];
    /** Runs once an entry fee is verified, before the game server has its answer (what else happened then). */
    afterVerify?: (bed: SearchBed) => Promise<void>;
    /** Told of each result once it is written (the risk pass). */
    onResultRecorded?: GameServerOptions['onResultRecorded'];
    /** Asks every node to read a wallet's protection again (the topology's bus); nothing by default. */
    recheckProtectionEverywhere?: GameServerOptions['recheckProtectionEverywhere'];
  } = {},
): Promise<SearchBed & { houseWallet: Address }> {
  const clock = chain.clock;
  const houseWallet = options.houseWallet ?? (await generateKeyPairSigner()).address;
  const { verifier: chainVerifier } = verifierOn(chain, { db, houseWallet });
  const afterVerify = options.afterVerify;
  const verifier: EntryVerifier = afterVerify
    ? {
        async verify(request) {
          const verified = await chainVerifier.verify(request);
          await afterVerify(bed);
          return verified;
        },
      }
    : chainVerifier;
  const bans = createBans({ db, clock });
  const store = createDrizzleGameStore({ db, clock });
  const game = createGameServer({
    store,
    entryGate: createEntryGate({ db, bans }),
    clock,
    analytics: walletAnalytics,
    verifier,
    money: createMatchMoney({ houseWallet }),
    countdownSeconds: 0,
    leadInSeconds: 0,
    topology: options.topology ?? singleNodeTopology({ store, clock, nodeId: options.nodeId ?? null }),
    ...(options.sleep ? { sleep: options.sleep } : {}),
    ...(options.onResultRecorded ? { onResultRecorded: options.onResultRecorded } : {}),
    ...(options.recheckProtectionEverywhere
      ? { recheckProtectionEverywhere: options.recheckProtectionEverywhere }
      : {}),
  });
  const bed: SearchBed & { houseWallet: Address } = {
    houseWallet,
    game,
    bans,
    clock,
    db,
    async link(options = {}) {
      const wallet = options.wallet ?? (await airdropTo(chain, SOL));
      const sent: ServerMessage[] = [];
      return {
        id: randomUUID(),
        playerSessionId: options.sessionId ?? randomUUID(),
        walletAddress: wallet.address,
        displayName: `Player-${wallet.address.slice(0, 4)}`,
        ip: '198.51.100.7',
        userAgent: 'test',
        wallet,
        sent,
        send: (message) => sent.push(serverMessageSchema.parse(message)),
        sendError: (message, code) => sent.push({ type: 'error', data: { message, code } }),
        of: <T extends ServerMessage['type']>(type: T) =>
          sent.filter((m): m is ServerMessageOf<T> => m.type === type),
      };
    },
    payEntry: (link, mode = PAID_MODE.id) =>
      pay(chain, { from: link.wallet, to: houseWallet, lamports: getGameMode(mode).wagerLamports }),
    async findPaidMatch(link, paymentSignature, mode = PAID_MODE.id) {
      const signature = paymentSignature ?? (await bed.payEntry(link, mode));
      await game.handle(link, { type: 'findMatch', gameMode: mode, paymentSignature: signature });
    },
    rowsOf: (link) =>
      db.select().from(queueSessions).where(eq(queueSessions.walletAddress, link.wallet.address)),
    jobsOf: (link) =>
      db
        .select()
        .from(payoutJobs)
        .where(and(eq(payoutJobs.walletAddress, link.wallet.address), eq(payoutJobs.kind, 'refund'))),
    joinedAt(link) {
      const entry = game.matchmaker.entryOf(link.wallet.address);
      if (!entry) throw new Error(`${link.wallet.address} is not searching`);
      return entry.joinedAt;
    },
  };
  return bed;
}

/** Every payout job (payouts and refunds) of these players' wallets. */
export function payoutJobsOf(db: Database, links: ReadonlyArray<{ wallet: { address: string } }>) {
  return db
    .select()
    .from(payoutJobs)
    .where(
      inArray(
        payoutJobs.walletAddress,
        links.map((l) => l.wallet.address),
      ),
    );
}

/** One house wallet for a suite's database (pass it to every bed), so reconcile reads every fee it holds. */
export function houseWalletForSuite(): () => Address {
  let house: Address | undefined;
  beforeAll(async () => {
    house = (await generateKeyPairSigner()).address;
  });
  return () => {
    if (!house) throw new Error('the house wallet is not made yet');
    return house;
  };
}

/**
 * RELIABILITY 27's two checks, the ledger balance and reconcile against the chain: nothing to explain, and
 * every entry fee the database recorded found on chain as recorded.
 */
export async function expectMoneyAccountedFor(
  db: Database,
  chain: LocalChainServer,
  houseWallet: Address,
): Promise<void> {
  const fees = await db.select().from(transactions).where(eq(transactions.type, 'entry_fee'));
  expect(fees.length).toBeGreaterThan(0);
  expect(await checkMoney({ db, rpc: chain.rpc, houseWallet })).toEqual({
    ledger: [],
    chain: [],
    matchedOnChain: fees.length,
  });
}
