import { describe, expect, it } from 'vitest';
import { createFakeClock } from '../../common/clock.ts';
import type { WalletTransactionDetail } from '../state/wallet-transaction-event.ts';
import { createManualTimers } from '../test-support/manual-timers.ts';
import { CHANNEL_WALLET, channelBed } from './test-support/channel-bed.ts';
import { createTransactionNotices } from './transaction-notices.ts';

describe('transaction notifications', () => {
  it('duplicates (same id, same status) are dropped; each new one is dispatched at once, +500 ms and +1500 ms, plus a manual trigger', () => {
    const t = channelBed();
    t.channel.start();
    const socket = t.sockets.last();
    socket.open();
    const tx = { id: 41, type: 'winner_payout', amount: 0.0375 };
    socket.receive({ type: 'transaction_notification', transaction: tx });
    socket.receive({ type: 'transaction_notification', transaction: { ...tx } });
    // A payout without status is the confirmed one (SPEC §4): the same as one that says so.
    socket.receive({ type: 'transaction_notification', transaction: { ...tx, status: 'confirmed' } });
    expect(t.notices).toEqual([{ ...tx, wallet_address: CHANNEL_WALLET, status: 'confirmed' }]);
  });

  it("a payout's 'confirmed' notice after its 'sent' one (same id) is news, not a duplicate", () => {
    const t = channelBed();
    t.channel.start();
    const socket = t.sockets.last();
    socket.open();
    const sent = {
      id: 'p1',
      type: 'winner_payout',
      amount: 0.0375,
      status: 'processing',
      transaction_signature: 'sig1',
    };
    socket.receive({ type: 'transaction_notification', transaction: sent });
    socket.receive({ type: 'transaction_notification', transaction: { ...sent, status: 'confirmed' } });
    socket.receive({ type: 'transaction_notification', transaction: { ...sent, status: 'confirmed' } });
    expect(t.notices.map((n) => n.status)).toEqual(['processing', 'confirmed']);
  });

  it('a notice known only by its signature is a duplicate in the same status only', () => {
    const notices = createTransactionNotices({
      timers: createManualTimers(createFakeClock(0)),
      walletAddress: () => null,
      dispatch: () => {},
    });
    const sent = { type: 'refund', status: 'processing', transaction_signature: 'sig2' };
    expect(notices.handle(sent)).not.toBeNull();
    expect(notices.handle({ ...sent })).toBeNull();
    expect(notices.handle({ ...sent, status: 'confirmed' })).not.toBeNull();
  });

  it('the window events: three notifications and a manual trigger, on time', () => {
    const clock = createFakeClock(0);
    const timers = createManualTimers(clock);
    const events: Array<[number, WalletTransactionDetail['kind']]> = [];
    const notices = createTransactionNotices({
      timers,
      walletAddress: () => null,
      dispatch: (detail) => events.push([clock.now(), detail.kind]),
    });
    expect(notices.handle({ id: 'a', type: 'refund', status: 'pending' })).toEqual({
      id: 'a',
      type: 'refund',
      status: 'pending',
    });
    timers.advance(499);
    expect(events).toEqual([
      [0, 'transaction_notification'],
      [0, 'manual_trigger'],
    ]);
    timers.advance(1_001);
    expect(events.slice(2)).toEqual([
      [500, 'transaction_notification'],
      [1_500, 'transaction_notification'],
    ]);
    expect(notices.handle({ id: 'a', type: 'refund', status: 'pending' })).toBeNull();
    timers.advance(5_000);
    expect(events).toHaveLength(4);
  });
});
