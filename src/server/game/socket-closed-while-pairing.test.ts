import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/support/database-bed.ts';
import { until } from '../../../test/support/until.ts';
import { DISCONNECT_GRACE_MS, RECONNECTION_WINDOW_MS } from '../../common/rules.ts';
import { gameSessions } from '../db/schema/index.ts';
import { beforeCommit } from '../db/test-support/before-commit.ts';
import {
  expectMoneyAccountedFor,
  localChainForFile,
  PAID_MODE,
  payoutJobsOf,
  searchBed,
} from './test-support/paid-search-bed.ts';

const chain = localChainForFile();

/**
 * SPEC §4/§9 reconnection at the very start of a match: the seats' sockets are read inside the pairing
 * transaction, so a socket that closes while that transaction commits was seen by the game server as a
 * search's, not yet a seat's. Once committed, the seat starts away: its 2 s grace, the opponent told, its
 * 30 s window, and then the forfeit the rules give, paid as any other result.
 */
describeEachDatabase('reconnection: a socket that closes while its match is being committed', (target) => {
  it('the seat whose socket closed during the pairing gets its grace and window, the opponent is told, and the result is paid', async () => {
    const hook = beforeCommit(target.db);
    const bed = await searchBed(chain(), hook.db);
    const [a, b] = [await bed.link(), await bed.link()];
    await bed.findPaidMatch(a);
    // A's socket closes exactly while the pairing (and the game session row) is being committed.
    hook.once(gameSessions, () => bed.game.disconnected(a));
    await bed.findPaidMatch(b);
    await until(() => bed.game.matches().length === 1, { what: 'the match starts' });
    const match = bed.game.matches()[0]!;
    const seatOfA = b.of('matched')[0]!.playerIndex === 0 ? 1 : 0;
    expect(match.status()).toEqual({ name: 'running', graceSeats: [seatOfA] });

    const closedAt = bed.clock.now();
    bed.clock.set(closedAt + DISCONNECT_GRACE_MS - 1);
    bed.game.tick();
    expect(b.of('playerTemporarilyDisconnected')).toEqual([]);
    bed.clock.set(closedAt + DISCONNECT_GRACE_MS);
    bed.game.tick();
    expect(b.of('playerTemporarilyDisconnected')).toEqual([
      { type: 'playerTemporarilyDisconnected', reconnectionTimeLeft: 30, disconnectedPlayerIndex: seatOfA },
    ]);

    // A never comes back: at the end of the window B wins, and B's win is owed once.
    for (let s = 1; s <= RECONNECTION_WINDOW_MS / 1000; s++) {
      bed.clock.set(closedAt + DISCONNECT_GRACE_MS + s * 1000);
      bed.game.tick();
    }
    expect(b.of('gameOver')).toMatchObject([{ finalResult: 'win' }]);
    await until(async () => (await payoutJobsOf(target.db, [a, b])).length > 0, {
      what: 'the result is recorded',
    });
    const jobs = await payoutJobsOf(target.db, [a, b]);
    expect(jobs.map((j) => [j.kind, j.walletAddress, j.amountLamports])).toEqual([
      ['winner_payout', b.wallet.address, PAID_MODE.winLamports],
    ]);
    await expectMoneyAccountedFor(target.db, chain(), bed.houseWallet);
  });

  it('a player whose socket closed during the pairing never heard matched; coming back with connect, they are told it and seated', async () => {
    const hook = beforeCommit(target.db);
    const bed = await searchBed(chain(), hook.db);
    const [a, b] = [await bed.link(), await bed.link()];
    await bed.findPaidMatch(a);
    hook.once(gameSessions, () => bed.game.disconnected(a));
    await bed.findPaidMatch(b);
    await until(() => bed.game.matches().length === 1, { what: 'the match starts' });
    expect(a.of('matched')).toEqual([]);

    // A's browser opens a new socket of the same signed-in session and, with no game id stored, says connect.
    const back = await bed.link({ wallet: a.wallet, sessionId: a.playerSessionId ?? undefined });
    await bed.game.connected(back);
    const gameId = bed.game.matches()[0]!.id;
    expect(back.of('matched')).toMatchObject([
      { gameId, playerIndex: b.of('matched')[0]!.playerIndex === 0 ? 1 : 0 },
    ]);
    expect(bed.game.matches()[0]!.status()).toEqual({ name: 'running', graceSeats: [] });
  });
});
