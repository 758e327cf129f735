import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { uniqueWallet } from '../../../../../test/support/database-bed.ts';
import type { FakeClock } from '../../../../common/clock.ts';
import type { QueueEntry, QueuePlayer } from '../../queue-entry.ts';
import type { GameStore } from '../game-store.ts';
import type { MatchStart } from '../match-recorder.ts';
import { SETTLE_ALL } from '../store-keys.ts';

/**
 * The GameStore's contract: what the session rules rely on, held by every implementation (the Drizzle store
 * on PGlite and PostgreSQL, the memory store). `open` gives a fresh store on an empty database.
 */
export function gameStoreContract(open: () => { store: GameStore; clock: FakeClock }): void {
  const player = (wallet = uniqueWallet()): QueuePlayer => ({
    linkId: randomUUID(),
    playerSessionId: randomUUID(),
    walletAddress: wallet,
    displayName: `Player-${wallet.slice(0, 4)}`,
    ip: '198.51.100.7',
    userAgent: 'test',
  });
  const search = async (store: GameStore, clock: FakeClock, who = player(), nodeId: string | null = null) => {
    const joinedAt = clock.now();
    const id = await store.insertSearch({ player: who, mode: 'practice', paid: null, joinedAt, nodeId });
    if (id === null) throw new Error('the search was refused');
    const entry: QueueEntry = { id, mode: 'practice', player: who, joinedAt, paid: null };
    return entry;
  };
  const startOf = (id: string, entries: readonly [QueueEntry, QueueEntry], nodeId: string | null = null) =>
    ({ id, entries, seedHash: 'a'.repeat(64), startedAt: Date.now(), nodeId }) satisfies MatchStart;

  it('a wallet has one live stake: a second search is refused while the first is active', async () => {
    const { store, clock } = open();
    const who = player();
    await search(store, clock, who);
    expect(
      await store.insertSearch({
        player: who,
        mode: 'practice',
        paid: null,
        joinedAt: clock.now(),
        nodeId: null,
      }),
    ).toBeNull();
  });

  it('a close is conditional: only the first close of a search closes it, and it is no longer active', async () => {
    const { store, clock } = open();
    const entry = await search(store, clock);
    expect(await store.closeSearch(entry, 'cancelled')).toBe(true);
    expect(await store.closeSearch(entry, 'cancelled')).toBe(false);
    expect(await store.stillActive([entry.id])).toEqual(new Set());
  });

  it('what a close owes commits with it: if it throws, the search is still active', async () => {
    const { store, clock } = open();
    const entry = await search(store, clock);
    await expect(
      store.closeSearch(entry, 'cancelled', async () => Promise.reject(new Error('owed'))),
    ).rejects.toThrow('owed');
    expect(await store.stillActive([entry.id])).toEqual(new Set([entry.id]));
  });

  it('a pairing matches both or neither: one closed meanwhile leaves the other active', async () => {
    const { store, clock } = open();
    const [a, b] = [await search(store, clock), await search(store, clock)];
    await store.closeSearch(b, 'cancelled');
    expect(await store.matchPair([a, b], randomUUID())).toBe(false);
    expect(await store.stillActive([a.id, b.id])).toEqual(new Set([a.id]));
  });

  it('a matched wallet keeps its stake until its match’s result releases it, and plays meanwhile', async () => {
    const { store, clock } = open();
    const [a, b] = [await search(store, clock), await search(store, clock)];
    const gameId = randomUUID();
    const start = startOf(gameId, [a, b]);
    expect(await store.matchPair([a, b], gameId, (tx) => store.recordStart(tx, start))).toBe(true);
    expect(await store.walletInPlay(a.player.walletAddress)).toBe(true);
    expect(
      await store.insertSearch({
        player: a.player,
        mode: 'practice',
        paid: null,
        joinedAt: clock.now(),
        nodeId: null,
      }),
    ).toBeNull();
    await store.settleInterrupted([start], undefined, new Date(clock.now()));
    expect(await store.walletInPlay(a.player.walletAddress)).toBe(false);
    expect(
      await store.insertSearch({
        player: a.player,
        mode: 'practice',
        paid: null,
        joinedAt: clock.now(),
        nodeId: null,
      }),
    ).not.toBeNull();
  });

  it('a pairing whose start throws writes nothing: both are still searching', async () => {
    const { store, clock } = open();
    const [a, b] = [await search(store, clock), await search(store, clock)];
    await expect(
      store.matchPair([a, b], randomUUID(), async () => Promise.reject(new Error('start'))),
    ).rejects.toThrow('start');
    expect(await store.stillActive([a.id, b.id])).toEqual(new Set([a.id, b.id]));
  });

  it('a challenge is found by its code, refused while its challenger is away, and accepted once', async () => {
    const { store, clock } = open();
    const challenger = player();
    const code = `c${randomUUID().slice(0, 8)}`;
    const id = await store.insertSearch({
      player: challenger,
      mode: 'practice',
      paid: null,
      joinedAt: clock.now(),
      nodeId: 'node-a',
      challenge: { code, expiresAt: clock.now() + 60_000 },
    });
    const found = await store.challengeByCode(code);
    expect(found).toMatchObject({ status: 'active', away: false, entry: { id, node: 'node-a' } });
    expect(await store.challengeByCode('nobody')).toBeNull();
    const challenge = found!.entry;
    await store.markChallengeAway(challenge.id, clock.now());
    expect((await store.challengeByCode(code))?.away).toBe(true);
    const accept = (who: QueuePlayer, gameId = randomUUID()) =>
      store.acceptChallenge('node-b', {
        challenge,
        accepter: { player: who, paid: null },
        gameId,
        started: async (tx, pair) => store.recordStart(tx, startOf(gameId, pair)),
      });
    expect(await accept(player())).toEqual({ ok: false, reason: 'challenger_away' });
    await store.markChallengeAway(challenge.id, null);
    const accepted = await accept(player());
    expect(accepted.ok).toBe(true);
    expect(await accept(player())).toEqual({ ok: false, reason: 'challenge_gone' });
    expect((await store.challengeByCode(code))?.status).toBe('matched');
  });

  it('a settlement closes only its scope’s open searches and matches, and names their owners before', async () => {
    const { store, clock } = open();
    const lost = `node-${randomUUID().slice(0, 6)}`;
    const alive = `node-${randomUUID().slice(0, 6)}`;
    const gone = await search(store, clock, player(), lost);
    const kept = await search(store, clock, player(), alive);
    const [a, b] = [await search(store, clock, player(), lost), await search(store, clock, player(), lost)];
    const gameId = randomUUID();
    await store.matchPair([a, b], gameId, (tx) => store.recordStart(tx, startOf(gameId, [a, b], lost)));
    expect(await store.ownersOfOpenRows()).toEqual(expect.arrayContaining([alive, lost].sort()));
    const matchmaker = {
      closeOrphans: (tx: Parameters<GameStore['closeOrphans']>[1], scope = SETTLE_ALL) =>
        store.closeOrphans(scope, tx),
    };
    const settled = await store.settleOpen(matchmaker, undefined, new Date(clock.now()), {
      kind: 'nodes',
      nodeIds: [lost],
      unowned: false,
    });
    expect(settled.gameIds).toEqual([gameId]);
    expect(settled.orphans.map((o) => o.queueSessionId).sort()).toEqual([gone.id, a.id, b.id].sort());
    expect(await store.stillActive([gone.id, kept.id])).toEqual(new Set([kept.id]));
    expect(await store.walletInPlay(a.player.walletAddress)).toBe(false);
    expect(await store.ownersOfOpenRows()).not.toContain(lost);
  });
}
