import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/support/database-bed.ts';
import type { ServerMessageOf } from '../../common/protocol.ts';
import {
  houseWalletForSuite,
  localChainForFile,
  PAID_MODE,
  searchBed,
} from './test-support/paid-search-bed.ts';

const chain = localChainForFile();

const heldOf = (sent: ReadonlyArray<{ type: string }>) =>
  sent.filter((m): m is ServerMessageOf<'held'> => m.type === 'held').at(-1);

/**
 * A paid search open when the server stops is refunded in full by the stop; the page that comes back names
 * its search (id and entry signature) and is told exactly that refund: its amount, share and reason. Only
 * the wallet's own: another wallet naming the same payment learns nothing.
 */
describeEachDatabase('held after a restart: the refund of the search the page named', (target) => {
  const house = houseWalletForSuite();

  it('the page naming its search after a restart is told nothing is held and its entry was refunded in full, exactly', async () => {
    const before = await searchBed(chain(), target.db, { houseWallet: house() });
    const player = await before.link();
    const signature = await before.payEntry(player);
    await before.findPaidMatch(player, signature);
    const searchId = player.of('findMatch')[0]?.searchId;
    expect(searchId).toEqual(expect.any(String));
    await before.game.shutdown();

    const after = await searchBed(chain(), target.db, { houseWallet: house() });
    const back = await after.link({ wallet: player.wallet });
    await after.game.connected(back, { searchId: searchId!, paymentSignature: signature });
    expect(heldOf(back.sent)).toEqual({
      type: 'held',
      holds: { kind: 'nothing' },
      settled: {
        searchId,
        gameMode: PAID_MODE.id,
        status: 'error',
        gameId: null,
        refund: {
          lamports: PAID_MODE.wagerLamports.toString(),
          percent: 100,
          reason: 'system_error',
          status: 'pending',
          signature: null,
          transactionId: expect.any(String),
        },
      },
    });

    // By its payment alone (a page that never heard the search's id), the same answer.
    const byPayment = await after.link({ wallet: player.wallet });
    await after.game.connected(byPayment, { paymentSignature: signature });
    expect(heldOf(byPayment.sent)?.settled?.refund?.lamports).toBe(PAID_MODE.wagerLamports.toString());
  });

  it('another wallet naming the same search and payment is told nothing of them', async () => {
    const before = await searchBed(chain(), target.db, { houseWallet: house() });
    const player = await before.link();
    const signature = await before.payEntry(player);
    await before.findPaidMatch(player, signature);
    const searchId = player.of('findMatch')[0]!.searchId!;
    await before.game.shutdown();

    const after = await searchBed(chain(), target.db, { houseWallet: house() });
    const stranger = await after.link();
    await after.game.connected(stranger, { searchId, paymentSignature: signature });
    expect(heldOf(stranger.sent)).toEqual({ type: 'held', holds: { kind: 'nothing' }, settled: null });
  });

  it("a reconnect naming a match a restart interrupted is told that wallet's own entry was refunded in full, exactly", async () => {
    const before = await searchBed(chain(), target.db, { houseWallet: house() });
    const [a, b] = [await before.link(), await before.link()];
    for (const player of [a, b]) await before.findPaidMatch(player, await before.payEntry(player));
    const gameId = a.of('matched')[0]?.gameId;
    expect(gameId).toEqual(expect.any(String));
    await before.game.shutdown();

    const after = await searchBed(chain(), target.db, { houseWallet: house() });
    for (const player of [a, b]) {
      const back = await after.link({ wallet: player.wallet });
      await after.game.handle(back, { type: 'reconnect', gameId: gameId! });
      expect(back.of('reconnectionFailed')).toHaveLength(1);
      expect(heldOf(back.sent)).toEqual({
        type: 'held',
        holds: { kind: 'nothing' },
        settled: {
          searchId: player.of('findMatch')[0]?.searchId,
          gameMode: PAID_MODE.id,
          status: 'interrupted',
          gameId,
          refund: {
            lamports: PAID_MODE.wagerLamports.toString(),
            percent: 100,
            reason: 'game_error',
            status: 'pending',
            signature: null,
            transactionId: expect.any(String),
          },
        },
      });
    }

    // Another wallet naming the same game learns nothing of its entries.
    const stranger = await after.link();
    await after.game.handle(stranger, { type: 'reconnect', gameId: gameId! });
    expect(stranger.of('reconnectionFailed')).toHaveLength(1);
    expect(heldOf(stranger.sent)).toBeUndefined();
  });

  it('a paid search still held is told with its entry fee and no settlement', async () => {
    const bed = await searchBed(chain(), target.db, { houseWallet: house() });
    const player = await bed.link();
    const signature = await bed.payEntry(player);
    await bed.findPaidMatch(player, signature);
    const searchId = player.of('findMatch')[0]!.searchId!;
    await bed.game.disconnected(player);
    const back = await bed.link({ wallet: player.wallet });
    await bed.game.connected(back, { searchId, paymentSignature: signature });
    expect(heldOf(back.sent)).toMatchObject({
      holds: {
        kind: 'search',
        searchId,
        gameMode: PAID_MODE.id,
        entryLamports: PAID_MODE.wagerLamports.toString(),
      },
      settled: null,
    });
    await bed.game.shutdown();
  });
});
