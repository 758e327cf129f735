// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '../test-support/render-app.tsx';
import { sampleHistory } from './test-support/history-rows.ts';
import { advance, panelServer, renderPanel } from './test-support/panel-bed.tsx';

describe('a transfer on its way', () => {
  it("a refund still 'processing' is asked after again until it is 'confirmed', then no more", async () => {
    let status = 'processing';
    panelServer.answer = async () =>
      jsonResponse(200, {
        success: true,
        nextCursor: null,
        transactions: sampleHistory().map((t) => (t.id === 'refund-c' ? { ...t, status } : t)),
      });
    renderPanel();
    await advance(0);
    expect(panelServer.fetches).toHaveLength(1);
    await advance(2_000);
    expect(panelServer.fetches).toHaveLength(2);
    await advance(4_000);
    expect(panelServer.fetches).toHaveLength(3);
    status = 'confirmed';
    await advance(8_000);
    expect(panelServer.fetches).toHaveLength(4);
    await advance(60_000);
    expect(panelServer.fetches).toHaveLength(4);
  });

  it('a payout held for review waits for an operator: it is not polled', async () => {
    panelServer.answer = async () =>
      jsonResponse(200, {
        success: true,
        nextCursor: null,
        transactions: sampleHistory().map((t) =>
          t.id === 'pay-a' ? { ...t, status: 'pending', held_for_review: true } : t,
        ),
      });
    renderPanel();
    await advance(60_000);
    expect(panelServer.fetches).toHaveLength(1);
  });
});
