import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as rules from './rules.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const RULES_FILE = 'src/common/rules.ts';

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/**
 * The local chain (src/server/chain/local/) stands for Solana: its fee schedule is the chain's, not the
 * product's, and tests check the product's fee rule against it, so it keeps its own numbers.
 */
const LOCAL_CHAIN = 'src/server/chain/local/';
/** Every TypeScript file of the product and its tools, tests included: a rule is not re-declared anywhere. */
const ALL = ['src', 'test', 'e2e', 'bench', 'scripts']
  .flatMap(sourceFiles)
  .filter((f) => f !== RULES_FILE && !f.startsWith(LOCAL_CHAIN));
/** Tests and their helpers may state a rule's value, to check the rule independently of rules.ts. */
const isTestCode = (f: string) =>
  /\.test\.tsx?$|-test-(kit|harness)\.ts$|-bed\.ts$/.test(f) || f.includes('test-support/');
/** The product's own code. */
const PRODUCT = ALL.filter((f) => f.startsWith('src/') && !isTestCode(f));

const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');
/** The code without its comments, which may explain a rule in words (block comments, then line comments). */
const code = (file: string) =>
  read(file)
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');

function hits(files: readonly string[], pattern: RegExp, text: (file: string) => string): string[] {
  return files.flatMap((file) =>
    text(file)
      .split('\n')
      .flatMap((line, i) => (pattern.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
  );
}

describe('the product’s rules are written once, in rules.ts', () => {
  it('SPEC §1/§9 values: cancel after 10 s, 97% back (3% kept), 1.5 times the entry, 5,010 lamports a transfer', () => {
    expect(rules.CANCEL_WAIT_MS).toBe(10_000);
    expect(rules.CANCEL_WAIT_SECONDS).toBe(10);
    expect(rules.CANCEL_REFUND_PERCENT).toBe(97n);
    expect(rules.CANCEL_RETAINED_PERCENT).toBe(3n);
    expect(rules.cancelRefundOf(25_000_000n)).toBe(24_250_000n);
    // Floor in lamports: the refund never exceeds its share.
    expect(rules.cancelRefundOf(101n)).toBe(97n);
    expect(rules.refundOf(100_000_000n, rules.FULL_REFUND_PERCENT)).toBe(100_000_000n);
    expect(rules.PAYOUT_MULTIPLIER_TEXT).toBe('1.5');
    expect(rules.payoutOf(100_000_000n)).toBe(150_000_000n);
    expect(rules.TRANSFER_NETWORK_FEE_LAMPORTS).toBe(5_010n);
  });

  it('SPEC §9 times: grace 2000 ms, window 30 s, overlay safety net 35 s, countdowns 3, 5 and 10 s', () => {
    expect(rules.DISCONNECT_GRACE_MS).toBe(2_000);
    expect(rules.RECONNECTION_WINDOW_MS).toBe(30_000);
    expect(rules.RECONNECTION_WINDOW_SECONDS).toBe(30);
    expect(rules.OVERLAY_SAFETY_NET_MS).toBe(35_000);
    expect(rules.OPPONENT_FOUND_SECONDS).toBe(3);
    expect(rules.DEFAULT_COUNTDOWN_SECONDS).toBe(5);
    expect(rules.GAME_OVER_RETURN_SECONDS).toBe(10);
  });

  it('a running match keyframes every 3 s and reports a moving opponent paddle at 10 Hz', () => {
    expect(rules.KEYFRAME_TICKS).toBe(180);
    expect(rules.OPPONENT_PADDLE_TICKS).toBe(6);
  });

  it('no name rules.ts exports is declared again anywhere in the tree', () => {
    const names = Object.keys(rules).concat('GameStateName');
    // Module-level declarations (a test's local helper of the same name is not a copy of the rule).
    const declared = new RegExp(
      `^(?:export\\s+)?(?:const|let|var|function|class|type|interface)\\s+(${names.join('|')})\\b`,
    );
    expect(hits(ALL, declared, read)).toEqual([]);
  });

  /**
   * The literal forms a copy of a rule takes. Each names the rule it would copy; the product's code (tests
   * and their helpers aside, comments stripped) holds none of them outside the rule's home (rules.ts unless
   * named). A new constant of the
   * same kind (a grace, a window, a countdown, a refund) with a number is caught by the last pattern unless
   * it is listed in OTHER_RULES with why it is another rule.
   */
  const COPIES: ReadonlyArray<readonly [rule: string, copy: RegExp, home?: string]> = [
    ['the refund share as a number', /\b97n?\b/],
    ['the refund share or the retained share in words', /\b(97|3) ?%/],
    ['the cancel wait in words', /\b10[ -]seconds?\b/],
    ['the payout multiplier in words', /\b1\.5 times\b/],
    ['the payout multiplier as a ratio', /\*\s*3n?\s*\)?\s*\/\s*2n?\b/],
    ['the game-state list', /'firstServe',\s*$|'roundEnd',\s*'gameOver'/],
    ['the network fee of a transfer', /\b5_?000n\b|\b5_?010n\b|microLamports:\s*10_?000n/],
    ['the interpolation cap', /INTERPOLATION\w*\s*=\s*\d/],
    ['the address format', /\[1-9A-HJ-NP-Za-km-z\]\{32,44\}/],
    ['the node name format', /\[A-Za-z0-9_\.-\]\{1,64\}/],
    ['lamports per SOL', /LAMPORTS_PER_SOL\s*=/, 'src/common/format.ts'],
    ['the Redis key prefix format', /\[A-Za-z0-9_\.:-\]\{1,64\}/, 'src/server/cluster/redis-keys.ts'],
    ['the payout types', /new Set\(\[\s*'(winner_)?payout', '(winner_)?payout'/],
    ['the terms’ date', /March 9, 2025|'2025-03-09'/],
    ['the signature length', /\{20,\s*100\}|\.min\(20\)|SIGNATURE_LENGTH\s*=\s*\d/],
  ];

  it.each(COPIES.map(([rule, copy, home = RULES_FILE]) => ({ rule, copy, home })))(
    '$rule is written once',
    ({ copy, home }) => {
      const elsewhere = hits([...PRODUCT, RULES_FILE], copy, code).filter(
        (hit) => !hit.startsWith(`${home}:`),
      );
      expect(elsewhere).toEqual([]);
    },
  );

  /** Constants named like a rule whose number is a different rule, each with its reason. */
  const OTHER_RULES: Readonly<Record<string, string>> = {
    LOGIN_FAILURE_WINDOW_MS: 'the admin login throttle’s window, not a player’s',
    refusalWindowMs: 'the channel’s flood window',
    shutdownGraceMs: 'how long sockets get to close at shutdown',
    serverMaxWindowBits: 'WebSocket compression',
    clientMaxWindowBits: 'WebSocket compression',
    CANCEL_REPLY_MEMORY_MS: 'how long a cancel reply is kept for repeats',
    CANCEL_REPLY_LIMIT: 'how many cancel replies are kept',
    SECOND_SNAPSHOT_LIMIT: 'the audit record’s per-second samples, not the wire',
    UNUSED_ENTRY_GRACE_MS: 'how old an unused entry fee is before the sweep refunds it',
    ENTRY_RECENCY_WINDOW_MS: 'how old an entry payment may be',
    REPEATED_EVENT_WINDOW_MS: 'how long one system event gathers a repeated refusal',
    REFUSED_EVENT_WINDOW_MS: 'how long one audit event gathers an admin’s refused requests',
  };

  it('a constant named like a rule (grace, window, countdown, refund, snapshot, fee) holds a number only in rules.ts', () => {
    const named =
      /^\s*(?:export\s+)?(?:const\s+|let\s+)?(\w*(?:GRACE|WINDOW|CANCEL|REFUND|SNAPSHOT|COUNTDOWN|OPPONENT_FOUND|INTERPOLATION|MULTIPLIER|COMPUTE_UNIT|PER_SIGNATURE|NETWORK_FEE|Grace|Window|Countdown|Interpolation|SafetyNet|opponentFound|Refund|Cancel)\w*)\s*[:=]\s*-?\d/;
    const found = hits(PRODUCT, named, code).filter((hit) => {
      const name = named.exec(hit.slice(hit.indexOf(': ') + 2).trimStart())?.[1];
      return name === undefined || !(name in OTHER_RULES);
    });
    expect(found).toEqual([]);
  });
});
