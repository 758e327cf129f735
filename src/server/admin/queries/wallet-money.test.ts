import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import {
  confirmDuePayouts,
  HOUSE,
  newWallet,
  payEntryFee,
  playGame,
} from '../../../../test/support/admin-fixtures.ts';
import { describeEachDatabase } from '../../../../test/support/database-bed.ts';
import type { WalletMoneyRow } from '../../../common/api/wallet-money.ts';
import { createFakeClock } from '../../../common/clock.ts';
import { getGameMode } from '../../../common/game-modes.ts';
import { createDrizzleMatchmaker } from '../../game/test-support/drizzle-matchmaker.ts';
import { createMatchMoney } from '../../ledger/match-money.ts';
import { sweepUnusedEntryFees } from '../../ledger/payout/unused-entry-sweep.ts';
import { walletMoney } from './wallet-money.ts';

const SHRIMP = getGameMode('smol_shrimp');
const TUNA = getGameMode('tiny_tuna');
const SIGNATURE = /^[1-9A-HJ-NP-Za-km-z]{64,88}$/;

/**
 * A wallet's money timeline, the back-office's answer to "I paid and was never refunded": each search, entry
 * fee, refund (why, what share, which payment it returns), payout and share kept, newest first, with the
 * ledger's totals; written through the product's own write paths (the entry record, the matchmaker's close
 * with the money hook, the match recorder, the sweeper, the payout worker's confirm).
 */
describeEachDatabase('a wallet’s money timeline', (target) => {
  const clock = createFakeClock();
  const kinds = (rows: WalletMoneyRow[]) => rows.map((r) => r.kind);

  it('a payment that never became a search: its entry and the sweeper’s full refund, linked to it', async () => {
    const me = await newWallet();
    const paid = await payEntryFee(target.db, clock, me, SHRIMP.id);
    clock.advance(60_000);
    expect(
      await sweepUnusedEntryFees(target.db, { dueBy: new Date(clock.now()), at: new Date(clock.now()) }),
    ).toBe(1);
    await confirmDuePayouts(target.db, clock);
    const { items, totals } = await walletMoney(target.db, me);
    expect(kinds(items)).toEqual(['refund', 'entry']);
    const [refund, entry] = items;
    expect(entry).toMatchObject({
      amountLamports: String(SHRIMP.wagerLamports),
      status: 'confirmed',
      signature: paid.signature,
      gameId: null,
    });
    expect(refund).toMatchObject({
      amountLamports: String(SHRIMP.wagerLamports),
      status: 'confirmed',
      reason: 'system_error',
      refundPercentage: 100,
      entryId: paid.transactionId,
      entrySignature: paid.signature,
      cause: 'The payment never became a search (refunded by the sweeper): the entry returned in full',
    });
    expect(refund?.signature).toMatch(SIGNATURE);
    expect(refund?.confirmedAt).not.toBeNull();
    expect(totals).toEqual({
      paidInLamports: String(SHRIMP.wagerLamports),
      refundedLamports: String(SHRIMP.wagerLamports),
      paidOutLamports: '0',
      owedLamports: '0',
      keptLamports: '0',
      netLamports: '0',
    });
  });

  it('a cancelled search: the entry, the search with its wait, the 97% refund with its reason, the 3% kept', async () => {
    const me = await newWallet();
    const paid = await payEntryFee(target.db, clock, me, TUNA.id);
    clock.advance(1_000);
    const matchmaker = createDrizzleMatchmaker({ db: target.db, clock });
    const player = {
      linkId: randomUUID(),
      playerSessionId: randomUUID(),
      walletAddress: me,
      displayName: 'me',
      ip: null,
      userAgent: null,
    };
    const joined = await matchmaker.join(player, TUNA.id, paid);
    if (!joined.ok) throw new Error('the search did not start');
    clock.advance(42_000);
    const money = createMatchMoney({ houseWallet: HOUSE });
    await matchmaker.close(joined.entry.id, 'cancelled', (tx, entry) =>
      money.entryClosed(tx, entry, 'player_cancel', new Date(clock.now())),
    );
    // Before the refund is sent: owed, and the net counts only what moved.
    const owed = await walletMoney(target.db, me);
    expect(owed.items[0]).toMatchObject({ kind: 'refund', status: 'pending', signature: null });
    expect(owed.totals).toMatchObject({
      owedLamports: String((TUNA.wagerLamports * 97n) / 100n),
      netLamports: String(-TUNA.wagerLamports),
    });
    clock.advance(5_000);
    await confirmDuePayouts(target.db, clock);

    const { items, totals } = await walletMoney(target.db, me);
    expect(kinds(items)).toEqual(['refund', 'kept', 'search', 'entry']);
    const [refund, kept, search] = items;
    const refunded = (TUNA.wagerLamports * 97n) / 100n;
    expect(refund).toMatchObject({
      amountLamports: String(refunded),
      status: 'confirmed',
      reason: 'cancelled_search',
      refundPercentage: 97,
      entryId: paid.transactionId,
      entrySignature: paid.signature,
      cause: 'Search cancelled by the player: 97% of the entry returned, 3% kept, as the terms say',
    });
    expect(refund?.signature).toMatch(SIGNATURE);
    expect(kept).toMatchObject({
      amountLamports: String(TUNA.wagerLamports - refunded),
      entrySignature: paid.signature,
      cause: 'Kept by the house from the cancelled entry, as the terms say',
    });
    expect(search).toMatchObject({
      id: joined.entry.id,
      status: 'cancelled',
      mode: TUNA.id,
      amountLamports: String(TUNA.wagerLamports),
      entryId: paid.transactionId,
      entrySignature: paid.signature,
      waitedMs: 42_000,
      cause: 'Cancelled by the player',
    });
    expect(Date.parse(search!.endedAt!) - Date.parse(search!.at)).toBe(42_000);
    expect(totals).toEqual({
      paidInLamports: String(TUNA.wagerLamports),
      refundedLamports: String(refunded),
      paidOutLamports: '0',
      owedLamports: '0',
      keptLamports: String(TUNA.wagerLamports - refunded),
      netLamports: String(refunded - TUNA.wagerLamports),
    });
  });

  it('matches won and lost: each entry names its game, the payout its transfer; the opponent’s rows stay theirs', async () => {
    const [me, rival] = [await newWallet(), await newWallet()];
    const won = await playGame(target.db, clock, { winner: me, loser: rival, mode: SHRIMP.id });
    clock.advance(10_000);
    const lost = await playGame(target.db, clock, {
      winner: rival,
      loser: me,
      mode: SHRIMP.id,
      winnerSeat: 1,
    });
    await confirmDuePayouts(target.db, clock);
    const { items, totals } = await walletMoney(target.db, me);
    expect(kinds(items)).toEqual(['entry', 'payout', 'entry']);
    const [lostEntry, payout, wonEntry] = items;
    expect(lostEntry).toMatchObject({ gameId: lost.gameId, signature: lost.entries[0]?.signature });
    expect(wonEntry).toMatchObject({ gameId: won.gameId, signature: won.entries[0]?.signature });
    expect(payout).toMatchObject({
      gameId: won.gameId,
      amountLamports: String(SHRIMP.winLamports),
      status: 'confirmed',
      payoutState: 'sent',
      cause: "Winner's payout: Sent",
    });
    expect(payout?.signature).toMatch(SIGNATURE);
    expect(totals).toMatchObject({
      paidInLamports: String(2n * SHRIMP.wagerLamports),
      paidOutLamports: String(SHRIMP.winLamports),
      netLamports: String(SHRIMP.winLamports - 2n * SHRIMP.wagerLamports),
    });
    const theirs = await walletMoney(target.db, rival);
    expect(theirs.items.every((r) => r.kind !== 'kept')).toBe(true);
    expect(theirs.items.map((r) => r.signature)).not.toContain(won.entries[0]?.signature);
  });

  it('pages newest first by its cursor: every row once, none skipped, in the order of one page', async () => {
    const me = await newWallet();
    const rival = await newWallet();
    for (let i = 0; i < 3; i++) {
      await playGame(target.db, clock, { winner: me, loser: rival, mode: SHRIMP.id });
      clock.advance(1_000);
    }
    await confirmDuePayouts(target.db, clock);
    const whole = await walletMoney(target.db, me, { limit: 200 });
    expect(whole.items).toHaveLength(6);
    const walked: WalletMoneyRow[] = [];
    let cursor: string | null = null;
    do {
      const page = await walletMoney(target.db, me, { limit: 4, cursor });
      walked.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor);
    expect(walked.map((r) => `${r.kind}:${r.id}`)).toEqual(whole.items.map((r) => `${r.kind}:${r.id}`));
    const times = walked.map((r) => Date.parse(r.at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });
});
