import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/support/database-bed.ts';
import { BAN_MESSAGES, banChangeConcerns } from '../security/bans.ts';
import {
  expectMoneyAccountedFor,
  houseWalletForSuite,
  localChainForFile,
  PAID_MODE,
  type SearchBed,
  searchBed,
} from './test-support/paid-search-bed.ts';

const chain = localChainForFile();
const WAGER = PAID_MODE.wagerLamports;

/**
 * A ban acts at once on a paid search, even one whose payment was still being verified when the admin
 * banned: findMatch checks the ban first, then waits on the chain; a ban written in that wait finds no
 * search to close. The search that opens after it is closed as banned (the fee back in full, the operator's
 * doing), never left to be closed as abandoned with 3% kept, and never paired.
 */
describeEachDatabase('a ban written while the entry fee is verified', (target) => {
  const houseWallet = houseWalletForSuite();

  it('closes the search that opens after it, with the whole fee back and the player told why', async () => {
    let banned: string | undefined;
    /** What the admin's ban does meanwhile: written, then acted on live (it finds no search yet). */
    const banMeanwhile = async (bed: SearchBed) => {
      if (!banned) return;
      const change = { kind: 'wallet', walletAddress: banned, banned: true } as const;
      await bed.bans.banWallet(banned, { by: 'admin@example.com', reason: 'banned mid-payment' });
      await bed.game.banned(
        (entry) => banChangeConcerns(change, entry.player.walletAddress, entry.player.ip),
        BAN_MESSAGES.wallet,
      );
    };
    const bed = await searchBed(chain(), target.db, {
      houseWallet: houseWallet(),
      afterVerify: banMeanwhile,
    });
    const player = await bed.link();
    banned = player.wallet.address;

    await bed.findPaidMatch(player);

    expect(bed.game.matchmaker.entryOf(player.wallet.address)).toBeUndefined();
    expect(player.of('error').at(-1)?.data).toEqual({
      message: BAN_MESSAGES.wallet,
      code: 'account_restricted',
    });
    expect(player.sent.at(-1)).toEqual({ type: 'cancelSearch', success: true, message: BAN_MESSAGES.wallet });
    expect(await bed.rowsOf(player)).toMatchObject([{ status: 'cancelled' }]);
    expect(await bed.jobsOf(player)).toMatchObject([{ kind: 'refund', amountLamports: WAGER }]);
    await expectMoneyAccountedFor(target.db, chain(), houseWallet());
  });

  it('is not paired with a searching opponent: the opponent keeps searching', async () => {
    let banned: string | undefined;
    const bed = await searchBed(chain(), target.db, {
      houseWallet: houseWallet(),
      afterVerify: async (b) => {
        if (banned) await b.bans.banWallet(banned, { by: 'admin@example.com', reason: 'banned mid-payment' });
      },
    });
    const opponent = await bed.link();
    await bed.findPaidMatch(opponent);
    const player = await bed.link();
    banned = player.wallet.address;

    await bed.findPaidMatch(player);

    expect(bed.game.matchmaker.entryOf(player.wallet.address)).toBeUndefined();
    expect(bed.game.matchmaker.entryOf(opponent.wallet.address)).toBeDefined();
    expect(opponent.of('matched')).toEqual([]);
    expect(await bed.jobsOf(player)).toMatchObject([{ kind: 'refund', amountLamports: WAGER }]);
  });
});
