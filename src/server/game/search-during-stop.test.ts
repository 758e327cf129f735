import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/support/database-bed.ts';
import { ERROR_MESSAGES } from '../../common/protocol.ts';
import {
  expectMoneyAccountedFor,
  houseWalletForSuite,
  localChainForFile,
  PAID_MODE,
  searchBed,
} from './test-support/paid-search-bed.ts';

const chain = localChainForFile();

/**
 * A stop settles what is open (searches refunded in full, matches interrupted); a search that opened after
 * that would stay open until the next start. So a stop takes no new search (refused, its fee refunded in
 * full), and one already under way opens before the settlement, which then closes it.
 */
describeEachDatabase('a search that arrives while the server stops', (target) => {
  const house = houseWalletForSuite();

  it('a paid findMatch that arrives during the stop is refused with a clear error and its fee refunded in full; no search stays open', async () => {
    const bed = await searchBed(chain(), target.db, { houseWallet: house() });
    const player = await bed.link();
    const signature = await bed.payEntry(player);
    const stopping = bed.game.shutdown();
    await bed.game.handle(player, { type: 'findMatch', gameMode: PAID_MODE.id, paymentSignature: signature });
    await stopping;

    // The refusal names the stop and the refund of this payment with its amount.
    expect(player.of('error').map((e) => e.data)).toEqual([
      {
        message: expect.stringContaining(ERROR_MESSAGES.serverStopping),
        code: 'server_stopping',
        refundLamports: PAID_MODE.wagerLamports.toString(),
      },
    ]);
    expect(player.of('joinQueue')).toEqual([]);
    expect((await bed.rowsOf(player)).filter((r) => r.status === 'active')).toEqual([]);
    expect((await bed.jobsOf(player)).map((j) => [j.kind, j.amountLamports])).toEqual([
      ['refund', PAID_MODE.wagerLamports],
    ]);
    await expectMoneyAccountedFor(target.db, chain(), house());
  });

  it('a paid findMatch already under way when the stop begins opens its search first; the stop closes it, its fee refunded in full', async () => {
    const bed = await searchBed(chain(), target.db, { houseWallet: house() });
    const player = await bed.link();
    const signature = await bed.payEntry(player);
    const finding = bed.game.handle(player, {
      type: 'findMatch',
      gameMode: PAID_MODE.id,
      paymentSignature: signature,
    });
    await bed.game.shutdown();
    await finding;

    expect(player.of('joinQueue')).toHaveLength(1);
    expect((await bed.rowsOf(player)).map((r) => r.status)).toEqual(['error']);
    expect((await bed.jobsOf(player)).map((j) => [j.kind, j.amountLamports])).toEqual([
      ['refund', PAID_MODE.wagerLamports],
    ]);
    await expectMoneyAccountedFor(target.db, chain(), house());
  });
});
