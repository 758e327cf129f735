import { describe, expect, it } from 'vitest';
import {
  chipDumpingSignals,
  type GameFact,
  multiAccountingSignals,
  type PairInputs,
} from './pair-signals.ts';
import { gameIntegrity, riskEvidence, severityOf } from './risk-score.ts';

let ids = 0;
const game = (
  a: string,
  b: string,
  winner: string,
  ips: [string | null, string | null] = [null, null],
): GameFact => ({
  id: `g${++ids}`,
  endedAt: ids,
  paid: true,
  wallets: [a, b],
  winner,
  ips,
});
const times = (n: number, make: (i: number) => GameFact) => Array.from({ length: n }, (_, i) => make(i));

function inputs(over: Partial<PairInputs> & { games: GameFact[] }): PairInputs {
  return {
    wallet: 'A',
    poolPaidGames: 100,
    paidGamesOf: new Map([['B', 10]]),
    ipsOf: new Map(),
    gamesOfLinked: new Map(),
    ...over,
  };
}

describe('chip dumping: a pair meeting far more than chance, one side losing', () => {
  // A plays 10 paid games, B 10, in a pool of 100: chance is 10 × 10 / 190 ≈ 0.53 meetings.
  it.each([
    ['10 meetings, A loses all', 10, 0, true],
    ['10 meetings, A wins 8', 10, 8, true],
    ['10 meetings, A wins 7 (70%)', 10, 7, false],
    ['4 meetings, A loses all: too few', 4, 0, false],
    ['5 meetings, A loses all', 5, 0, true],
  ])('%s', (_name, n, aWins, fires) => {
    const games = times(n, (i) => game('A', 'B', i < aWins ? 'A' : 'B'));
    expect(chipDumpingSignals(inputs({ games })).length > 0).toBe(fires);
  });

  it('two wallets that only ever play each other meet as often as chance: no signal without other players', () => {
    const games = times(10, () => game('A', 'B', 'B'));
    expect(chipDumpingSignals(inputs({ games, poolPaidGames: 10 }))).toEqual([]);
  });

  it('from a shared IP it weighs more, and says which IP; the games are listed', () => {
    const games = times(6, () => game('A', 'B', 'B', ['1.2.3.4', '1.2.3.4']));
    const ipsOf = new Map([
      ['A', new Set(['1.2.3.4'])],
      ['B', new Set(['1.2.3.4', '5.6.7.8'])],
    ]);
    const [signal] = chipDumpingSignals(inputs({ games, ipsOf }));
    expect(signal).toMatchObject({
      kind: 'chip_dumping',
      points: 70,
      otherWallet: 'B',
      figures: { games: 6, walletWins: 0, opponentWins: 6, loser: 'A', sharedIps: ['1.2.3.4'] },
      games: games.map((g) => g.id),
    });
    const [plain] = chipDumpingSignals(inputs({ games }));
    expect(plain?.points).toBe(45);
  });

  it('practice games and games without a winner do not count', () => {
    const games = times(10, () => ({ ...game('A', 'B', 'B'), paid: false }));
    expect(chipDumpingSignals(inputs({ games }))).toEqual([]);
  });
});

describe('multi-accounting: wallets seen from the same IPs', () => {
  const ipsOf = new Map([
    ['A', new Set(['9.9.9.9'])],
    ['C', new Set(['9.9.9.9'])],
  ]);
  it.each([
    ['C played A once', [game('A', 'C', 'A')], [], true],
    [
      "C played 3 of A's opponents",
      [game('A', 'X', 'A'), game('A', 'Y', 'A'), game('A', 'Z', 'A')],
      [game('C', 'X', 'C'), game('C', 'Y', 'C'), game('Z', 'C', 'C')],
      true,
    ],
    [
      'C played 2 of them',
      [game('A', 'X', 'A'), game('A', 'Y', 'A')],
      [game('C', 'X', 'C'), game('C', 'Y', 'C')],
      false,
    ],
    ['C played others only', [game('A', 'X', 'A')], [game('C', 'Q', 'C')], false],
  ])('%s', (_name, own, theirs, fires) => {
    const together = own.filter((g) => g.wallets.includes('C'));
    const gamesOfLinked = new Map([['C', [...theirs, ...together]]]);
    const signals = multiAccountingSignals(inputs({ games: own, ipsOf, gamesOfLinked }));
    expect(signals.length > 0).toBe(fires);
    if (fires)
      expect(signals[0]).toMatchObject({
        kind: 'multi_accounting',
        otherWallet: 'C',
        figures: { sharedIps: ['9.9.9.9'] },
      });
  });

  it('a wallet linked by no IP is not named', () => {
    const gamesOfLinked = new Map([['C', [game('A', 'C', 'A')]]]);
    expect(multiAccountingSignals(inputs({ games: [game('A', 'C', 'A')], gamesOfLinked }))).toEqual([]);
  });
});

describe('risk score: the strongest signal of each kind, summed, capped at 100', () => {
  const signal = (kind: 'chip_dumping' | 'multi_accounting' | 'fast_reactions', points: number) => ({
    kind,
    points,
    summary: '',
    figures: {},
    games: [],
  });
  it.each([
    [[], 0],
    [[signal('fast_reactions', 60)], 60],
    [[signal('chip_dumping', 45), signal('chip_dumping', 70)], 70],
    [[signal('chip_dumping', 70), signal('multi_accounting', 30)], 100],
    [[signal('chip_dumping', 70), signal('multi_accounting', 30), signal('fast_reactions', 60)], 100],
  ])('%#: score %i', (signals, score) => {
    const evidence = riskEvidence(signals, new Date(0));
    expect(evidence.score).toBe(score);
    expect(evidence.signals.map((s) => s.points)).toEqual(
      [...signals.map((s) => s.points)].sort((a, b) => b - a),
    );
  });

  it.each([
    [60, 'medium'],
    [80, 'high'],
    [95, 'critical'],
  ])('severity of %i is %s', (score, severity) => expect(severityOf(score)).toBe(severity));

  it.each([
    [[], 100, false],
    [[40], 60, true],
    [[60, 35, 40], 0, true],
  ])('game integrity from points %o: %i', (points, integrityScore, suspicious) => {
    expect(gameIntegrity(points)).toEqual({ integrityScore, suspicious });
  });
});
