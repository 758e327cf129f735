import { randomUUID } from 'node:crypto';
import type { Clock } from '../../../common/clock.ts';
import { HOUSE_BOT_ADDRESS } from '../../../common/rules.ts';
import { ERROR_CODES } from '../../../common/wire-codes.ts';
import type { OrphanedEntry } from '../game-ports.ts';
import type { CloseStatus, PaidEntry, QueueEntry } from '../queue-entry.ts';
import type { ChallengeRow } from './challenge-rows.ts';
import type { ClosedOrphan, GameStore, StoreTx } from './game-store.ts';
import type { MatchStart } from './match-recorder.ts';
import type { EntryRow } from './queue-rows.ts';
import type { SettleScope } from './store-keys.ts';
import { REMATCH_CODE_PREFIX } from './store-keys.ts';

type SearchStatus = CloseStatus | 'active' | 'matched';

interface SearchRow {
  id: string;
  row: EntryRow;
  status: SearchStatus;
  /** Matched, and its match not yet ended: the wallet's one live stake. */
  inPlay: boolean;
  gameId: string | null;
  awaySince: number | null;
}

interface GameRow {
  id: string;
  wallets: readonly [string, string];
  nodeId: string | null;
  status: 'playing' | 'completed' | 'interrupted';
}

/**
 * The memory store has no transaction to hand the hooks that commit with a write: it holds no money. Session
 * rules run over it without the money side (free searches, no GameMoney), and its hooks (the match start, the
 * accepter's seat) only write through this store, which ignores the handle. Anything that looked inside it
 * would fail at once, never write somewhere else.
 */
const NO_TRANSACTION = Object.freeze({}) as unknown as StoreTx;

/**
 * The game store in memory, for session rules: the same answers as the Drizzle store on what the game asks
 * (game-store.contract.ts proves it on both): one live stake per wallet, conditional closes, a pairing and an
 * accept that write all or nothing, the settlements' scopes. A write whose hook throws leaves nothing, as a
 * rolled-back transaction does.
 */
export function createMemoryGameStore(deps: { clock: Clock }): GameStore & { searchCount(): number } {
  const { clock } = deps;
  let searches = new Map<string, SearchRow>();
  let games = new Map<string, GameRow>();
  const results = new Set<string>();

  /** Runs `work` as one transaction: if it throws, every row is as it was before. */
  const atomically = async <T>(work: () => Promise<T>): Promise<T> => {
    const before = {
      searches: new Map([...searches].map(([id, row]) => [id, { ...row }])),
      games: new Map([...games].map(([id, row]) => [id, { ...row }])),
    };
    try {
      return await work();
    } catch (error) {
      searches = before.searches;
      games = before.games;
      throw error;
    }
  };

  const hasLiveStake = (walletAddress: string) =>
    [...searches.values()].some(
      (s) => s.row.player.walletAddress === walletAddress && (s.status === 'active' || s.inPlay),
    );

  const insert = (row: EntryRow): string | null => {
    if (hasLiveStake(row.player.walletAddress)) return null;
    const id = randomUUID();
    searches.set(id, { id, row, status: 'active', inPlay: false, gameId: null, awaySince: null });
    return id;
  };

  const close = (entryId: string, status: SearchStatus, gameId?: string): boolean => {
    const search = searches.get(entryId);
    if (search?.status !== 'active') return false;
    search.status = status;
    if (gameId) search.gameId = gameId;
    if (status === 'matched') search.inPlay = search.row.player.walletAddress !== HOUSE_BOT_ADDRESS;
    return true;
  };

  const releaseStakes = (gameIds: readonly string[]) => {
    for (const s of searches.values()) if (s.gameId && gameIds.includes(s.gameId)) s.inPlay = false;
  };

  const ownedWithin = (nodeId: string | null, scope: SettleScope) =>
    scope.kind === 'all' || (nodeId === null ? scope.unowned : scope.nodeIds.includes(nodeId));

  const orphanOf = (s: SearchRow, gameId: string | null): OrphanedEntry => ({
    queueSessionId: s.id,
    walletAddress: s.row.player.walletAddress,
    mode: s.row.mode,
    entryTransactionId: s.row.paid?.transactionId ?? null,
    gameId,
  });

  /** Games a server stop interrupted (a forfeit is 'interrupted' too here, but not one of these). */
  const stoppedGames = new Set<string>();
  const interrupt = (gameIds: readonly string[]) => {
    for (const id of gameIds) {
      stoppedGames.add(id);
      const game = games.get(id);
      if (game) game.status = 'interrupted';
    }
    releaseStakes(gameIds);
  };

  const store: GameStore & { searchCount(): number } = {
    searchCount: () => searches.size,

    insertSearch: async (row) => insert(row),

    async removeUnqueuedSearch(id) {
      searches.delete(id);
    },

    closeSearch: (entry, status, owed) =>
      atomically(async () => {
        if (!close(entry.id, status)) return false;
        await owed?.(NO_TRANSACTION, entry);
        return true;
      }),

    async matchPair(pair, gameId, started) {
      const [first, second] = pair;
      const open = (id: string) => searches.get(id)?.status === 'active';
      if (!(open(first.id) && open(second.id))) return false;
      return atomically(async () => {
        close(first.id, 'matched', gameId);
        close(second.id, 'matched', gameId);
        await started?.(NO_TRANSACTION, pair);
        return true;
      });
    },

    async stillActive(ids) {
      return new Set(ids.filter((id) => searches.get(id)?.status === 'active'));
    },

    async closeOrphans(scope) {
      const closed: ClosedOrphan[] = [];
      for (const s of searches.values()) {
        if (s.status !== 'active' || !ownedWithin(s.row.nodeId, scope)) continue;
        s.status = 'error';
        const { walletAddress } = s.row.player;
        closed.push({
          id: s.id,
          walletAddress,
          mode: s.row.mode,
          transactionId: s.row.paid?.transactionId ?? null,
        });
      }
      return closed;
    },

    async acceptChallenge(nodeId, request) {
      const { challenge, accepter, gameId } = request;
      if (searches.get(challenge.id)?.awaySince) return { ok: false, reason: ERROR_CODES.challengerAway };
      return atomically(async () => {
        const joinedAt = clock.now();
        const id = insert({
          player: accepter.player,
          mode: challenge.mode,
          paid: accepter.paid,
          joinedAt,
          nodeId,
          accepts: challenge.challenge?.code,
        });
        if (id === null) return { ok: false, reason: ERROR_CODES.alreadySearching } as const;
        if (!close(challenge.id, 'matched', gameId)) {
          searches.delete(id);
          return { ok: false, reason: 'challenge_gone' } as const;
        }
        close(id, 'matched', gameId);
        const entry: QueueEntry = {
          id,
          mode: challenge.mode,
          player: accepter.player,
          joinedAt,
          paid: accepter.paid,
        };
        const pair = [challenge, entry] as const;
        await request.started(NO_TRANSACTION, pair);
        return { ok: true, pair } as const;
      });
    },

    async challengeByCode(code) {
      const search = [...searches.values()].find((s) => s.row.challenge?.code === code);
      if (!search?.row.challenge) return null;
      const { row } = search;
      const paid: PaidEntry | null = row.paid ? { ...row.paid } : null;
      const found: ChallengeRow = {
        status: search.status,
        away: search.awaySince !== null,
        entry: {
          id: search.id,
          mode: row.mode,
          joinedAt: row.joinedAt,
          paid,
          node: row.nodeId,
          challenge: {
            code,
            expiresAt: row.challenge!.expiresAt,
            ...(code.startsWith(REMATCH_CODE_PREFIX)
              ? { rematchOf: code.slice(REMATCH_CODE_PREFIX.length) }
              : {}),
          },
          player: { ...row.player, linkId: '' },
        },
      };
      return found;
    },

    async markChallengeAway(entryId, at) {
      const search = searches.get(entryId);
      if (search?.status === 'active') search.awaySince = at;
    },

    async recordStart(_tx, start: MatchStart) {
      const [a, b] = start.entries;
      games.set(start.id, {
        id: start.id,
        wallets: [a.player.walletAddress, b.player.walletAddress],
        nodeId: start.nodeId ?? null,
        status: 'playing',
      });
    },

    async recordResult(result, start, options) {
      if (results.has(result.id)) return;
      await atomically(async () => {
        const game = games.get(result.id);
        if (game) game.status = result.completionStatus === 'forfeited' ? 'interrupted' : 'completed';
        releaseStakes([result.id]);
        for (const hook of options.hooks) await hook(NO_TRANSACTION, result, start);
        await options.analytics.walletsChanged(
          NO_TRANSACTION,
          result.seats.map((s) => s.walletAddress),
        );
        results.add(result.id);
      });
    },

    async settleInterrupted(starts, money, at) {
      if (starts.length === 0) return;
      await atomically(async () => {
        interrupt(starts.map((s) => s.id));
        const orphans = starts.flatMap((start) =>
          start.entries.map((e) => ({
            queueSessionId: e.id,
            walletAddress: e.player.walletAddress,
            mode: e.mode,
            entryTransactionId: e.paid?.transactionId ?? null,
            gameId: start.id,
          })),
        );
        await money?.recoverOrphans(NO_TRANSACTION, orphans, at);
      });
    },

    async settleOpen(matchmaker, money, at, scope) {
      if (scope.kind === 'nodes' && scope.nodeIds.length === 0 && !scope.unowned) {
        return { orphans: [], gameIds: [] };
      }
      return atomically(async () => {
        const closed = await matchmaker.closeOrphans(NO_TRANSACTION, scope);
        const gameIds = [...games.values()]
          .filter((g) => g.status === 'playing' && ownedWithin(g.nodeId, scope))
          .map((g) => g.id);
        interrupt(gameIds);
        const matched = [...searches.values()]
          .filter((s) => s.gameId !== null && gameIds.includes(s.gameId))
          .map((s) => orphanOf(s, s.gameId));
        const stranded = [...searches.values()].filter(
          (s) =>
            s.status === 'matched' && s.gameId !== null && !games.has(s.gameId) && !results.has(s.gameId),
        );
        for (const s of stranded) s.status = 'error';
        const orphans: OrphanedEntry[] = [
          ...closed.map((o) => ({
            queueSessionId: o.id,
            walletAddress: o.walletAddress,
            mode: o.mode,
            entryTransactionId: o.transactionId,
            gameId: null,
          })),
          ...matched,
          ...stranded.map((s) => orphanOf(s, null)),
        ];
        await money?.recoverOrphans(NO_TRANSACTION, orphans, at);
        return { orphans, gameIds };
      });
    },

    async refundUnusedEntry() {
      throw new Error('the memory game store keeps no money: run paid searches on a database');
    },

    async walletInPlay(walletAddress) {
      return [...games.values()].some((g) => g.status === 'playing' && g.wallets.includes(walletAddress));
    },

    async ownersOfOpenRows() {
      const nodes = [
        ...[...searches.values()].filter((s) => s.status === 'active').map((s) => s.row.nodeId),
        ...[...games.values()].filter((g) => g.status === 'playing').map((g) => g.nodeId),
      ].filter((n): n is string => n !== null);
      return [...new Set(nodes)].sort();
    },

    /** The wallet's own search by id or entry signature; no money here, so never a refund. */
    async searchOutcome(walletAddress, ref) {
      let found: SearchRow | undefined;
      for (const s of searches.values()) {
        if (s.row.player.walletAddress !== walletAddress) continue;
        const named =
          (ref.searchId !== undefined && s.id === ref.searchId) ||
          (ref.paymentSignature !== undefined && s.row.paid?.signature === ref.paymentSignature);
        if (named) found = s;
      }
      if (!found) return null;
      return {
        searchId: found.id,
        mode: found.row.mode,
        status: found.status,
        gameId: found.gameId,
        refund: null,
      };
    },

    /** The wallet's own entry into a game a stop interrupted; no money here, so never a refund. */
    async interruptedMatchEntry(walletAddress, gameId) {
      if (!stoppedGames.has(gameId)) return null;
      for (const s of searches.values()) {
        if (s.row.player.walletAddress !== walletAddress || s.gameId !== gameId) continue;
        return { searchId: s.id, mode: s.row.mode, status: 'interrupted', gameId, refund: null };
      }
      return null;
    },
  };
  return store;
}
