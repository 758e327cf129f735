import { randomUUID } from 'node:crypto';
import { TransactionRollbackError } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/support/database-bed.ts';
import { until } from '../../../test/support/until.ts';
import type { Database } from '../db/database.ts';
import { insertEntryRow } from './store/queue-rows.ts';
import { settleAfterRestart } from './store/restart-settlement.ts';
import {
  expectMoneyAccountedFor,
  houseWalletForSuite,
  localChainForFile,
  PAID_MODE,
  type SearchBed,
  searchBed,
  type TestLink,
} from './test-support/paid-search-bed.ts';

const chain = localChainForFile();
const WAGER = PAID_MODE.wagerLamports;

/** Whether the database would take a new search of this wallet now (written and rolled back). */
async function canSearch(db: Database, link: TestLink): Promise<boolean> {
  let id: string | null = null;
  try {
    await db.transaction(async (tx) => {
      id = await insertEntryRow(tx, {
        player: {
          linkId: link.id,
          playerSessionId: link.playerSessionId!,
          walletAddress: link.wallet.address,
          displayName: link.displayName,
          ip: link.ip,
          userAgent: link.userAgent,
        },
        mode: 'practice',
        paid: null,
        joinedAt: Date.now(),
        nodeId: null,
      });
      tx.rollback();
    });
  } catch (error) {
    if (!(error instanceof TransactionRollbackError)) throw error;
  }
  return id !== null;
}

/**
 * RELIABILITY 24 and rules.md 'One game at a time': a wallet holds one live stake (a search, or a match in play)
 * in the database, from its entry until its match's result or refund commits; a second entry written meanwhile
 * is refused where it commits, its fee refunded in full, and every kind of end of a match releases it.
 */
describeEachDatabase('one live stake per wallet', (target) => {
  const house = houseWalletForSuite();

  async function practiceMatch(bed: SearchBed, one: TestLink, two: TestLink): Promise<string> {
    await bed.game.handle(one, { type: 'findMatch', gameMode: 'practice' });
    await bed.game.handle(two, { type: 'findMatch', gameMode: 'practice' });
    const gameId = one.of('matched').at(-1)?.gameId;
    expect(gameId).toBeDefined();
    return gameId!;
  }

  it('a practice match that starts while a paid entry is verified leaves that entry refused and refunded in full', async () => {
    let during: (() => Promise<void>) | undefined;
    const bed = await searchBed(chain(), target.db, {
      houseWallet: house(),
      afterVerify: async () => {
        const run = during;
        during = undefined;
        await run?.();
      },
    });
    const paidTab = await bed.link();
    const practiceTab = await bed.link({ wallet: paidTab.wallet, sessionId: paidTab.playerSessionId! });
    const partner = await bed.link();
    // The paid search passed its checks (not searching, not playing); its payment is being looked up when the
    // wallet's practice match starts in another tab.
    during = async () => {
      await practiceMatch(bed, practiceTab, partner);
    };
    await bed.findPaidMatch(paidTab);

    expect(practiceTab.of('matched')).toHaveLength(1);
    expect(paidTab.of('matched')).toEqual([]);
    expect(paidTab.sent.at(-1)).toMatchObject({
      type: 'error',
      data: { code: 'already_searching', refundLamports: WAGER.toString() },
    });
    expect((await bed.jobsOf(paidTab)).map((j) => j.amountLamports)).toEqual([WAGER]);
    expect((await bed.rowsOf(paidTab)).filter((r) => r.gameMode === PAID_MODE.id)).toEqual([]);
    await expectMoneyAccountedFor(target.db, chain(), house());
  });

  it('a match in play holds the wallet’s stake; its result, a stop’s interruption and a lost node’s settlement each release it', async () => {
    const nodeId = `stake-node-${randomUUID()}`;
    const bed = await searchBed(chain(), target.db, { houseWallet: house(), nodeId });
    const [w, other] = [await bed.link(), await bed.link()];

    // Its result: the opponent leaves, the forfeit is written.
    const first = await practiceMatch(bed, w, other);
    expect(await canSearch(target.db, w)).toBe(false);
    await bed.game.handle(other, { type: 'exit', gameId: first });
    await until(
      async () => {
        bed.game.tick();
        return canSearch(target.db, w);
      },
      { what: 'the result releases the stake' },
    );
    await bed.game.handle(w, { type: 'playAgain', gameId: first });
    await bed.game.handle(other, { type: 'playAgain', gameId: first });

    // A lost node's settlement (the same as a restart's, for this node's rows).
    await practiceMatch(bed, w, other);
    expect(await canSearch(target.db, w)).toBe(false);
    await settleAfterRestart(target.db, bed.game.matchmaker, undefined, new Date(bed.clock.now()), {
      kind: 'nodes',
      nodeIds: [nodeId],
      unowned: false,
    });
    expect(await canSearch(target.db, w)).toBe(true);

    // A stop: matches under way interrupted, entries refunded in full (an unwritable result settles the same way).
    const again = await searchBed(chain(), target.db, { houseWallet: house(), nodeId: `${nodeId}-2` });
    const [w2, other2] = [
      await again.link({ wallet: w.wallet, sessionId: w.playerSessionId! }),
      await again.link({ wallet: other.wallet, sessionId: other.playerSessionId! }),
    ];
    await practiceMatch(again, w2, other2);
    expect(await canSearch(target.db, w)).toBe(false);
    await again.game.shutdown();
    expect(await canSearch(target.db, w)).toBe(true);
  });
});
