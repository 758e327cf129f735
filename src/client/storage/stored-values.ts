import { WINNING_SCORE } from '../../common/game/constants.ts';
import { BASE58_ADDRESS, GAME_STATES, type GameStateName, NODE_ID_PATTERN } from '../../common/rules.ts';
import { UUID_INSIDE } from '../../common/text-patterns.ts';
import { STAT_LIMITS, sanePlayerStat } from './stat-limits.ts';
import { browserLocalStorage, browserSessionStorage, type StorageArea } from './storage-area.ts';

/**
 * Every value the client keeps in the browser (SPEC §3 "Client stored values"), one typed get/set each.
 * Reads never throw: a missing, corrupt or out-of-range value reads as the default (SPEC §5's sanity rules
 * for the stats), and a storage that throws falls back to memory (storage-area.ts).
 */

export interface StoredValue<T> {
  get(): T;
  /** Writing the default (null, false where absent means false) removes the key. */
  set(value: T): void;
  clear(): void;
}

/** SPEC §3: the last game state, for the rapid-refresh rule (SPEC §4: under 15 s old resumes the game). */
export interface LastGameState {
  gameId: string;
  state: GameStateName;
  /** Epoch ms when it was seen. */
  timestamp: number;
  playerIndex: 0 | 1;
  /**
   * The score then (own addition to SPEC §3's fields): a rapid refresh shows it until the first snapshot
   * instead of 0-0. Absent in values written before it existed.
   */
  scores?: [number, number];
  /**
   * The seed's hash the server announced at `matched` (own addition): after a reload, Verify still checks
   * the revealed seed against what was announced before the result. Absent when the page never heard it.
   */
  seedHash?: string;
}

/** One winner payout the client heard of (SPEC §3 "a client-side list of winner payouts"). */
export interface StoredPayout {
  gameId: string;
  /** SOL, as the notification showed it (display only). */
  amount: number;
  signature: string | null;
  /** Epoch ms. */
  timestamp: number;
}

/** Keys as they appear in the browser. The wallet ones keep the names SPEC §3 gives them. */
export const STORAGE_KEYS = {
  sessionId: 'sessionId',
  currentGameId: 'currentGameId',
  /** Cluster mode (own addition to SPEC §3): the game node the stored game lives on. */
  currentGameNode: 'currentGameNode',
  lastGameState: 'lastGameState',
  walletAddress: 'walletAddress',
  walletBalance: 'walletBalance',
  soundEnabled: 'soundEnabled',
  musicEnabled: 'musicEnabled',
  controlType: 'controlType',
  totalWins: 'totalWins',
  currentStreak: 'currentStreak',
  bestStreak: 'bestStreak',
  winnerPayouts: 'winnerPayouts',
  /** Game ids whose result is already in the stats (SPEC §4: applied once per game id). */
  statsAppliedGames: 'statsAppliedGames',
  walletConnectRequested: 'wallet_connect_requested',
  walletType: 'wallet_type',
  /** When the wallet connection was started (epoch ms): SPEC §4 cleans a mobile request older than 5 min. */
  walletConnectTime: 'wallet_connect_time',
  /** The mobile wallet dialog's connection id (SPEC §2), kept 5 s after the player is back (SPEC §4). */
  walletConnectionId: 'wallet_connection_id',
  walletAuthTime: 'wallet_auth_time',
  walletAuthAddr: 'wallet_auth_addr',
} as const;

/** How many payouts and applied game ids are kept: enough for any session, bounded whatever happens. */
export const STORED_LIST_LIMIT = 50;

const SESSION_ID = /^[A-Za-z0-9_-]{8,64}$/;
const LAMPORTS = /^\d{1,20}$/;
/** A SHA-256 in hex, as the server announces a match's seed hash. */
const SEED_HASH = /^[0-9a-f]{64}$/;
/*
 * The storage module is on the first page's path (sound flags, the wallet's keys), so it takes no value
 * from protocol.ts, whose zod schemas would come along: the game states, the address
 * and the node name come from the zod-free rules.ts, the game id's UUID from
 * text-patterns.ts as protocol.ts's does; stored-values-protocol.test.ts holds them equal.
 */
const UUID = UUID_INSIDE;

function parseJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

function storedValue<T>(
  area: StorageArea,
  key: string,
  fallback: T,
  decode: (raw: string) => T | undefined,
  encode: (value: T) => string | null,
): StoredValue<T> {
  return {
    get() {
      const raw = area.get(key);
      if (raw === null) return fallback;
      const value = decode(raw);
      return value === undefined ? fallback : value;
    },
    set(value) {
      const raw = encode(value);
      if (raw === null) area.remove(key);
      else area.set(key, raw);
    },
    clear: () => area.remove(key),
  };
}

const text = (area: StorageArea, key: string, valid: (s: string) => boolean) =>
  storedValue<string | null>(
    area,
    key,
    null,
    (raw) => (valid(raw) ? raw : undefined),
    (v) => (v !== null && valid(v) ? v : null),
  );

const flag = (area: StorageArea, key: string, fallback: boolean) =>
  storedValue<boolean>(
    area,
    key,
    fallback,
    (raw) => (raw === 'true' ? true : raw === 'false' ? false : undefined),
    (v) => String(v),
  );

/** SPEC §5: game ids are normalised to the UUID found inside the string (lower case). */
export function storedGameIdOf(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > 100) return undefined;
  return UUID.exec(value)?.[0].toLowerCase();
}
const gameIdOf = storedGameIdOf;

function decodeLastGameState(raw: string): LastGameState | null | undefined {
  const v = parseJson(raw) as Partial<LastGameState> | null | undefined;
  if (typeof v !== 'object' || v === null) return undefined;
  const gameId = gameIdOf(v.gameId);
  const state = (GAME_STATES as readonly unknown[]).includes(v.state) ? (v.state as GameStateName) : null;
  const timestamp = typeof v.timestamp === 'number' && Number.isFinite(v.timestamp) ? v.timestamp : null;
  const playerIndex = v.playerIndex === 0 || v.playerIndex === 1 ? v.playerIndex : null;
  if (!gameId || !state || timestamp === null || playerIndex === null) return undefined;
  const scores = storedScoresOf(v.scores);
  const seedHash = typeof v.seedHash === 'string' && SEED_HASH.test(v.seedHash) ? v.seedHash : null;
  return {
    gameId,
    state,
    timestamp,
    playerIndex,
    ...(scores ? { scores } : {}),
    ...(seedHash ? { seedHash } : {}),
  };
}

/** A stored score: two whole numbers from 0 to the winning score (SPEC §9: first to 11), else left out. */
function storedScoresOf(value: unknown): [number, number] | undefined {
  if (!Array.isArray(value) || value.length !== 2) return undefined;
  const sane = (n: unknown): n is number =>
    typeof n === 'number' && Number.isInteger(n) && n >= 0 && n <= WINNING_SCORE;
  return sane(value[0]) && sane(value[1]) ? [value[0], value[1]] : undefined;
}

function decodePayouts(raw: string): StoredPayout[] {
  const list = parseJson(raw);
  if (!Array.isArray(list)) return [];
  return list
    .flatMap((p: Partial<StoredPayout> | null): StoredPayout[] => {
      if (typeof p !== 'object' || p === null) return [];
      const gameId = gameIdOf(p.gameId);
      if (!gameId || typeof p.amount !== 'number' || !Number.isFinite(p.amount)) return [];
      if (typeof p.timestamp !== 'number' || !Number.isFinite(p.timestamp)) return [];
      const signature = typeof p.signature === 'string' ? p.signature : null;
      return [{ gameId, amount: p.amount, signature, timestamp: p.timestamp }];
    })
    .slice(-STORED_LIST_LIMIT);
}

function decodeGameIds(raw: string): string[] {
  const list = parseJson(raw);
  if (!Array.isArray(list)) return [];
  return list.flatMap((id) => gameIdOf(id) ?? []).slice(-STORED_LIST_LIMIT);
}

/** A stat under SPEC §5's sanity rule; an insane stored value reads as 0 and is reset in storage. */
function stat(area: StorageArea, key: string, max: number): StoredValue<number> {
  const value = storedValue<number>(
    area,
    key,
    0,
    (raw) => sanePlayerStat(parseJson(raw), max) ?? undefined,
    (v) => String(sanePlayerStat(v, max) ?? 0),
  );
  return {
    ...value,
    get() {
      const raw = area.get(key);
      if (raw !== null && sanePlayerStat(parseJson(raw), max) === null) area.set(key, '0');
      return value.get();
    },
  };
}

export function createStoredValues(
  local: StorageArea = browserLocalStorage(),
  session: StorageArea = browserSessionStorage(),
) {
  const currentGameId = storedValue<string | null>(
    local,
    STORAGE_KEYS.currentGameId,
    null,
    (raw) => gameIdOf(raw),
    (v) => (v === null ? null : (gameIdOf(v) ?? null)),
  );
  const currentGameNode = text(local, STORAGE_KEYS.currentGameNode, (s) => NODE_ID_PATTERN.test(s));
  const lastGameState = storedValue<LastGameState | null>(
    local,
    STORAGE_KEYS.lastGameState,
    null,
    decodeLastGameState,
    (v) => (v === null ? null : JSON.stringify(v)),
  );
  const winnerPayouts = storedValue<StoredPayout[]>(
    local,
    STORAGE_KEYS.winnerPayouts,
    [],
    decodePayouts,
    (v) => (v.length === 0 ? null : JSON.stringify(v.slice(-STORED_LIST_LIMIT))),
  );
  return {
    sessionId: text(local, STORAGE_KEYS.sessionId, (s) => SESSION_ID.test(s)),
    currentGameId,
    currentGameNode,
    lastGameState,
    walletAddress: text(local, STORAGE_KEYS.walletAddress, (s) => BASE58_ADDRESS.test(s)),
    /** Lamports (ARCHITECTURE invariant 1), kept as decimal text. */
    walletBalance: storedValue<bigint | null>(
      local,
      STORAGE_KEYS.walletBalance,
      null,
      (raw) => (LAMPORTS.test(raw) ? BigInt(raw) : undefined),
      (v) => (v === null || v < 0n ? null : v.toString()),
    ),
    /** SPEC §9: sound and music default on. */
    soundEnabled: flag(local, STORAGE_KEYS.soundEnabled, true),
    musicEnabled: flag(local, STORAGE_KEYS.musicEnabled, true),
    /** SPEC §3: always hybrid (keyboard, mouse and touch at once). */
    controlType: storedValue<'hybrid'>(
      local,
      STORAGE_KEYS.controlType,
      'hybrid',
      () => 'hybrid',
      () => 'hybrid',
    ),
    totalWins: stat(local, STORAGE_KEYS.totalWins, STAT_LIMITS.totalWins),
    currentStreak: stat(local, STORAGE_KEYS.currentStreak, STAT_LIMITS.streak),
    bestStreak: stat(local, STORAGE_KEYS.bestStreak, STAT_LIMITS.streak),
    winnerPayouts: {
      ...winnerPayouts,
      /** Adds a payout unless the same game and signature is already listed; keeps the newest 50. */
      add(payout: StoredPayout): void {
        const list = winnerPayouts.get();
        if (list.some((p) => p.gameId === payout.gameId && p.signature === payout.signature)) return;
        winnerPayouts.set([...list, payout]);
      },
    },
    statsAppliedGames: storedValue<string[]>(local, STORAGE_KEYS.statsAppliedGames, [], decodeGameIds, (v) =>
      v.length === 0 ? null : JSON.stringify(v.slice(-STORED_LIST_LIMIT)),
    ),
    /** SPEC §3: 'true' while a wallet connection started and has not come back. */
    walletConnectRequested: storedValue<boolean>(
      local,
      STORAGE_KEYS.walletConnectRequested,
      false,
      (raw) => raw === 'true',
      (v) => (v ? 'true' : null),
    ),
    walletType: text(local, STORAGE_KEYS.walletType, (s) => s.length > 0 && s.length <= 100),
    walletConnectTime: storedValue<number | null>(
      local,
      STORAGE_KEYS.walletConnectTime,
      null,
      (raw) => (/^\d{1,16}$/.test(raw) ? Number(raw) : undefined),
      (v) => (v === null || !Number.isSafeInteger(v) || v < 0 ? null : String(v)),
    ),
    walletConnectionId: text(local, STORAGE_KEYS.walletConnectionId, (s) => /^[0-9a-f]{32}$/.test(s)),
    /** Session storage: when this browser session signed in (epoch ms) and with which wallet. */
    walletAuthTime: storedValue<number | null>(
      session,
      STORAGE_KEYS.walletAuthTime,
      null,
      (raw) => (/^\d{1,16}$/.test(raw) ? Number(raw) : undefined),
      (v) => (v === null || !Number.isSafeInteger(v) || v < 0 ? null : String(v)),
    ),
    walletAuthAddr: text(session, STORAGE_KEYS.walletAuthAddr, (s) => BASE58_ADDRESS.test(s)),
    /** The current game is over or gone: forget its id, node and last state (SPEC §4). */
    clearGame(): void {
      currentGameId.clear();
      currentGameNode.clear();
      lastGameState.clear();
    },
  };
}

export type StoredValues = ReturnType<typeof createStoredValues>;

/** The browser's stored values; tests and other storages use createStoredValues. */
export const storedValues: StoredValues = createStoredValues();
