// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { noticeToast } from '../screens/game-notices.tsx';
import type { ConnectionInfo } from '../state/game-api.ts';
import { ConnectionBadge } from './connection-badge.tsx';

/**
 * SPEC §2/§4's connection-quality badge shows the loss: while the channel is down no bar is lit and the
 * latency reads 'offline' (not the last round trip), with 'Reconnecting...' while it tries again.
 */

const info = (over: Partial<ConnectionInfo>): ConnectionInfo => ({
  status: 'open',
  pingMs: 7,
  quality: 'excellent',
  qualityScore: 100,
  reconnectAttempts: 0,
  retrying: false,
  ...over,
});
const litBars = () => document.querySelectorAll('[data-lit="true"]').length;

afterEach(cleanup);

describe('the connection badge', () => {
  it("open and excellent: four bars and '7 ms'", () => {
    render(<ConnectionBadge connection={info({})} />);
    expect(litBars()).toBe(4);
    expect(screen.getByRole('status').textContent).toContain('7 ms');
  });

  it.each([
    ['in the 2 s grace', info({ status: 'pendingDisconnect' }), true],
    ['down and retrying', info({ status: 'lost', retrying: true }), true],
    ['down, given up', info({ status: 'lost', retrying: false }), false],
  ])("%s: no bar lit, 'offline' instead of the last latency", (_name, connection, reconnecting) => {
    render(<ConnectionBadge connection={connection} />);
    const badge = screen.getByRole('status', { name: 'Connection: offline' });
    expect(litBars()).toBe(0);
    expect(badge.textContent).toContain('offline');
    expect(badge.textContent).not.toContain('7 ms');
    expect(badge.textContent?.includes('Reconnecting...')).toBe(reconnecting);
  });
});

describe('the forfeit notice', () => {
  it('tells the player back after the window that the game was forfeited', () => {
    expect(noticeToast({ id: 1, kind: 'forfeited' })).toMatchObject({
      title: 'Game Forfeited',
      description:
        'The reconnection window has expired: you did not reconnect in time, so the game was forfeited.',
    });
  });

  it("the opponent gone: SPEC §2's 'Opponent Disconnected' / 'Your opponent has left the game.'", () => {
    expect(noticeToast({ id: 1, kind: 'opponentLeft' })).toEqual({
      title: 'Opponent Disconnected',
      description: 'Your opponent has left the game.',
    });
  });
});
