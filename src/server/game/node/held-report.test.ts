import { describe, expect, it } from 'vitest';
import type { ServerMessageOf } from '../../../common/protocol.ts';
import { sessionBed } from './test-support/session-bed.ts';

/**
 * `held`: on every connection the server tells the page what it holds for the wallet, and what became of
 * exactly the search the page named; over the in-memory store (no money: Free Play; the refund's amount is
 * proven on the databases in held-after-restart.test.ts).
 */
describe('held: what the server holds, told on every connection', () => {
  const heldOf = (sent: ReadonlyArray<{ type: string }>) =>
    sent.filter((m): m is ServerMessageOf<'held'> => m.type === 'held').at(-1);

  it('a search the server holds is told with its id, mode and the wait the server counts', async () => {
    const { game, link, clock } = sessionBed();
    const a = link();
    await game.handle(a, { type: 'findMatch', gameMode: 'practice' });
    const searchId = a.of('findMatch')[0]?.searchId;
    expect(searchId).toEqual(expect.any(String));
    await game.disconnected(a);
    clock.advance(12_345);
    const back = link({ wallet: a.walletAddress });
    await game.connected(back, { searchId: searchId! });
    expect(heldOf(back.sent)).toEqual({
      type: 'held',
      holds: { kind: 'search', searchId, gameMode: 'practice', waitedMs: 12_345, entryLamports: null },
      settled: null,
    });
  });

  it('after a restart the search the page names is reported closed by the server, and nothing is held', async () => {
    const before = sessionBed();
    const a = before.link();
    await before.game.handle(a, { type: 'findMatch', gameMode: 'practice' });
    const searchId = a.of('findMatch')[0]!.searchId!;
    await before.game.shutdown();

    const after = sessionBed({ clock: before.clock, store: before.store });
    const back = after.link({ wallet: a.walletAddress });
    await after.game.connected(back, { searchId });
    expect(heldOf(back.sent)).toEqual({
      type: 'held',
      holds: { kind: 'nothing' },
      settled: { searchId, gameMode: 'practice', status: 'error', gameId: null, refund: null },
    });
  });

  it("another wallet naming a search's id learns nothing of it", async () => {
    const before = sessionBed();
    const a = before.link();
    await before.game.handle(a, { type: 'findMatch', gameMode: 'practice' });
    const searchId = a.of('findMatch')[0]!.searchId!;
    await before.game.shutdown();

    const after = sessionBed({ clock: before.clock, store: before.store });
    const stranger = after.link();
    await after.game.connected(stranger, { searchId });
    expect(heldOf(stranger.sent)).toEqual({ type: 'held', holds: { kind: 'nothing' }, settled: null });
  });

  it('a reconnect naming a match a restart interrupted is told its own entry ended so, and a stranger nothing', async () => {
    const before = sessionBed();
    const [a, b] = [before.link(), before.link()];
    await before.game.handle(a, { type: 'findMatch', gameMode: 'practice' });
    await before.game.handle(b, { type: 'findMatch', gameMode: 'practice' });
    const gameId = a.of('matched')[0]!.gameId;
    const searchId = a.of('findMatch')[0]!.searchId!;
    await before.game.shutdown();

    const after = sessionBed({ clock: before.clock, store: before.store });
    const back = after.link({ wallet: a.walletAddress });
    await after.game.handle(back, { type: 'reconnect', gameId });
    expect(back.of('reconnectionFailed')).toHaveLength(1);
    expect(heldOf(back.sent)).toEqual({
      type: 'held',
      holds: { kind: 'nothing' },
      settled: { searchId, gameMode: 'practice', status: 'interrupted', gameId, refund: null },
    });
    const stranger = after.link();
    await after.game.handle(stranger, { type: 'reconnect', gameId });
    expect(heldOf(stranger.sent)).toBeUndefined();
  });

  it('a connect naming a match the page left while the server was down is told what the stop did to it', async () => {
    const before = sessionBed();
    const [a, b] = [before.link(), before.link()];
    await before.game.handle(a, { type: 'findMatch', gameMode: 'practice' });
    await before.game.handle(b, { type: 'findMatch', gameMode: 'practice' });
    const gameId = a.of('matched')[0]!.gameId;
    const searchId = a.of('findMatch')[0]!.searchId!;
    await before.game.shutdown();

    // The page went back to the lobby (no `reconnect`), naming the match in its `connect`.
    const after = sessionBed({ clock: before.clock, store: before.store });
    const back = after.link({ wallet: a.walletAddress });
    await after.game.connected(back, { gameId });
    expect(heldOf(back.sent)).toEqual({
      type: 'held',
      holds: { kind: 'nothing' },
      settled: { searchId, gameMode: 'practice', status: 'interrupted', gameId, refund: null },
    });
    const stranger = after.link();
    await after.game.connected(stranger, { gameId });
    expect(heldOf(stranger.sent)).toEqual({ type: 'held', holds: { kind: 'nothing' }, settled: null });
  });

  it('a match under way is told by its game id', async () => {
    const { game, link } = sessionBed();
    const [a, b] = [link(), link()];
    await game.handle(a, { type: 'findMatch', gameMode: 'practice' });
    await game.handle(b, { type: 'findMatch', gameMode: 'practice' });
    const gameId = a.of('matched')[0]!.gameId;
    const tab = link({ wallet: a.walletAddress });
    await game.connected(tab);
    expect(heldOf(tab.sent)).toEqual({ type: 'held', holds: { kind: 'match', gameId }, settled: null });
  });
});
