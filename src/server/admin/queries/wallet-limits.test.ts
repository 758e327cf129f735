import { expect, it } from 'vitest';
import { newWallet } from '../../../../test/support/admin-fixtures.ts';
import { describeEachDatabase } from '../../../../test/support/database-bed.ts';
import { walletDetailSchema } from '../../../common/api/admin-views.ts';
import { LOSS_LIMIT_RAISE_DELAY_MS } from '../../../common/rules.ts';
import { setExclusion, setLossLimit } from '../../limits/player-limits-store.ts';
import { walletDetail } from './wallet-detail.ts';

describeEachDatabase("the wallet's page shows the player's own limits", (target) => {
  it('the exclusion, each limit with a pending raise, and the record of changes, newest first', async () => {
    const wallet = await newWallet();
    const t = Date.UTC(2026, 10, 20, 9);
    await setLossLimit(target.db, {
      walletAddress: wallet,
      kind: 'daily',
      lamports: 100_000_000n,
      now: t,
      ip: null,
    });
    await setLossLimit(target.db, {
      walletAddress: wallet,
      kind: 'daily',
      lamports: 300_000_000n,
      now: t + 1,
      ip: null,
    });
    await setExclusion(target.db, {
      walletAddress: wallet,
      period: 'permanent',
      now: t + 2,
      ip: '203.0.113.9',
    });

    const detail = walletDetailSchema.parse(await walletDetail(target.db, wallet, {}, t + 3));
    expect(detail.limits).toEqual({
      exclusion: { startedAt: new Date(t + 2).toISOString(), endsAt: null },
      daily: {
        lamports: '100000000',
        pending: {
          lamports: '300000000',
          effectiveAt: new Date(t + 1 + LOSS_LIMIT_RAISE_DELAY_MS).toISOString(),
        },
        lossLamports: '0',
      },
      weekly: { lamports: null, pending: null, lossLamports: '0' },
      changes: [
        expect.objectContaining({ kind: 'self_exclusion', excludedUntil: null }),
        expect.objectContaining({ kind: 'daily_loss_limit', lamports: '300000000' }),
        expect.objectContaining({ kind: 'daily_loss_limit', lamports: '100000000' }),
      ],
    });
  });
});
