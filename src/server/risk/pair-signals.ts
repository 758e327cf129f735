import type { RiskSignal } from '../../common/api/risk-evidence.ts';
import { countOf } from '../../common/format.ts';

/** A recorded game as the pair rules read it. */
export interface GameFact {
  id: string;
  endedAt: number;
  /** Entry fee above zero: money moved between the players through the house. */
  paid: boolean;
  wallets: readonly [string, string];
  winner: string | null;
  ips: readonly [string | null, string | null];
}

/** What the pair rules look at for one wallet, all from one window of time (risk-inputs.ts loads it). */
export interface PairInputs {
  wallet: string;
  /** The wallet's games in the window, newest first. */
  games: readonly GameFact[];
  /** Paid games played in the window by anyone, and by each of the wallet's opponents. */
  poolPaidGames: number;
  paidGamesOf: ReadonlyMap<string, number>;
  /** The wallet's IPs and those of every wallet seen from one of them (wallet_ip_associations and games). */
  ipsOf: ReadonlyMap<string, ReadonlySet<string>>;
  /** Each wallet that shares an IP with the wallet: its games in the window. */
  gamesOfLinked: ReadonlyMap<string, readonly GameFact[]>;
}

/**
 * Chip dumping / collusion: a pair that meets in paid matches far more often than chance, one side winning
 * nearly all of them. Chance: with opponents drawn in proportion to how much each plays, the wallet's n paid
 * games meet opponent o about n × games(o) / (slots − n) times, where slots = 2 × the paid games of the
 * window. It fires when they met at least MIN_PAIR_GAMES times, at least PAIR_RATIO times chance, and one
 * side won at least DOMINANCE of those games; from a shared IP it weighs more.
 */
export const MIN_PAIR_GAMES = 5;
export const PAIR_RATIO = 3;
export const DOMINANCE = 0.8;
/**
 * Multi-accounting: another wallet seen from one of the wallet's IPs that played it, or played at least
 * MIN_COMMON_OPPONENTS of the same opponents (one person's accounts sharing a table or a mark).
 */
export const MIN_COMMON_OPPONENTS = 3;
export const PAIR_POINTS = { chip_dumping: 45, sharedIpBonus: 25, multi_accounting: 30 } as const;
/** Games listed in a signal's evidence, newest first. */
export const MAX_EVIDENCE_GAMES = 20;

const opponentIn = (game: GameFact, wallet: string) =>
  game.wallets[0] === wallet ? game.wallets[1] : game.wallets[0];

function sharedIps(inputs: PairInputs, other: string): string[] {
  const mine = inputs.ipsOf.get(inputs.wallet) ?? new Set<string>();
  return [...(inputs.ipsOf.get(other) ?? [])].filter((ip) => mine.has(ip)).sort();
}

export function chipDumpingSignals(inputs: PairInputs): RiskSignal[] {
  const { wallet } = inputs;
  const paid = inputs.games.filter((g) => g.paid && g.winner !== null);
  const byOpponent = new Map<string, GameFact[]>();
  for (const game of paid) {
    const other = opponentIn(game, wallet);
    byOpponent.set(other, [...(byOpponent.get(other) ?? []), game]);
  }
  const slots = 2 * inputs.poolPaidGames;
  const signals: RiskSignal[] = [];
  for (const [other, together] of byOpponent) {
    const n = together.length;
    const expected =
      slots - paid.length > 0
        ? (paid.length * (inputs.paidGamesOf.get(other) ?? n)) / (slots - paid.length)
        : n;
    const ratio = expected > 0 ? n / expected : Number.POSITIVE_INFINITY;
    const walletWins = together.filter((g) => g.winner === wallet).length;
    const dominance = Math.max(walletWins, n - walletWins) / n;
    if (n < MIN_PAIR_GAMES || ratio < PAIR_RATIO || dominance < DOMINANCE) continue;
    const ips = sharedIps(inputs, other);
    const loser = walletWins < n - walletWins ? wallet : other;
    signals.push({
      kind: 'chip_dumping',
      points: PAIR_POINTS.chip_dumping + (ips.length > 0 ? PAIR_POINTS.sharedIpBonus : 0),
      summary: `Met ${other} in ${countOf(n, 'paid game')} (${ratio.toFixed(1)}× chance); ${loser === wallet ? 'lost' : 'won'} ${Math.max(walletWins, n - walletWins)} of them${ips.length ? `; shared IP ${ips.join(', ')}` : ''}`,
      figures: {
        games: n,
        expectedGames: Math.round(expected * 100) / 100,
        ratio: Number.isFinite(ratio) ? Math.round(ratio * 10) / 10 : null,
        walletWins,
        opponentWins: n - walletWins,
        loser,
        sharedIps: ips,
      },
      games: together.slice(0, MAX_EVIDENCE_GAMES).map((g) => g.id),
      otherWallet: other,
    });
  }
  return signals;
}

export function multiAccountingSignals(inputs: PairInputs): RiskSignal[] {
  const { wallet } = inputs;
  const myOpponents = new Set(inputs.games.map((g) => opponentIn(g, wallet)));
  const signals: RiskSignal[] = [];
  for (const [other, theirGames] of inputs.gamesOfLinked) {
    if (other === wallet) continue;
    const ips = sharedIps(inputs, other);
    if (ips.length === 0) continue;
    const together = inputs.games.filter((g) => opponentIn(g, wallet) === other);
    const common = new Set(
      theirGames.map((g) => opponentIn(g, other)).filter((o) => o !== wallet && myOpponents.has(o)),
    );
    if (together.length === 0 && common.size < MIN_COMMON_OPPONENTS) continue;
    const commonGames = theirGames.filter((g) => common.has(opponentIn(g, other)));
    signals.push({
      kind: 'multi_accounting',
      points: PAIR_POINTS.multi_accounting,
      summary: `Shares ${ips.length === 1 ? 'IP' : 'IPs'} ${ips.join(', ')} with ${other}: ${countOf(together.length, 'game')} against each other, ${countOf(common.size, 'opponent')} in common`,
      figures: { sharedIps: ips, gamesTogether: together.length, commonOpponents: common.size },
      games: [...together, ...commonGames].slice(0, MAX_EVIDENCE_GAMES).map((g) => g.id),
      otherWallet: other,
    });
  }
  return signals;
}
