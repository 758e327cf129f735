import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDatabase, uniqueWallet } from '../../../test/support/database-bed.ts';
import { createFakeClock } from '../../common/clock.ts';
import { playerSessions, signedInWallets } from '../db/schema/identity.ts';
import { createPlayerSessions } from './player-sessions.ts';
import { signedInAmong } from './signed-in-wallets.ts';

const HOUR = 60 * 60 * 1000;

describeEachDatabase('which wallets have signed in outlives their sessions', (target) => {
  it('a wallet stays known as signed in after its expired session is cleared; one that never signed in is not', async () => {
    const clock = createFakeClock();
    const sessions = createPlayerSessions({ db: target.db, clock, lifetimeMs: HOUR });
    const [player, later, stranger] = [uniqueWallet(), uniqueWallet(), uniqueWallet()];
    const firstAt = clock.now();
    await sessions.start({ walletAddress: player, ip: undefined, userAgent: undefined });
    clock.advance(2 * HOUR);
    // Another sign-in clears the expired session rows.
    await sessions.start({ walletAddress: later, ip: undefined, userAgent: undefined });
    expect(
      await target.db.select().from(playerSessions).where(eq(playerSessions.walletAddress, player)),
    ).toEqual([]);
    expect(await signedInAmong(target.db, [player, later, stranger])).toEqual(new Set([player, later]));

    clock.advance(HOUR);
    await sessions.start({ walletAddress: player, ip: undefined, userAgent: undefined });
    const [row] = await target.db
      .select()
      .from(signedInWallets)
      .where(eq(signedInWallets.walletAddress, player));
    expect([row?.firstSignedInAt.getTime(), row?.lastSignedInAt.getTime()]).toEqual([firstAt, clock.now()]);
  });
});
