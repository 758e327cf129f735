import { describe, expect, it } from 'vitest';
import type { ServerMessage } from '../../common/protocol.ts';
import { CONTROLLER_TIMING } from './game-controller.ts';
import { GAME, matched, SIGNATURE, START, setup, state } from './test-support/controller-bed.ts';

/**
 * The controller's timers around a match's start (SPEC §2/§4/§9): the opponent-found screen's 3 s, the
 * pre-game countdown's 'GO!', and `exit` from a search (SPEC §1/§9: a paid search is left only after 10 s).
 */

describe('opponent found (3 s) -> pre-game countdown -> GO! -> game', () => {
  it('the opponent-found screen of a match found from a search lasts 3 s', () => {
    const t = setup();
    t.signInAndOpen();
    t.controller.findMatch('practice');
    t.timers.advance(50);
    t.receive(matched);
    expect(t.view()).toMatchObject({ state: 'countdown', gameId: GAME, opponentFoundAt: START + 50 });
    t.receive(state(START + 1_000, { gameState: 'countdown', countdownTime: 4 }));
    t.timers.advance(CONTROLLER_TIMING.opponentFoundMs - 1);
    expect(t.view().opponentFoundAt).toBe(START + 50);
    t.timers.advance(1);
    expect(t.view()).toMatchObject({ state: 'countdown', countdownTime: 4, opponentFoundAt: null });
  });

  it("'GO!' shows from the countdown's end for its moment, then the game", () => {
    const t = setup();
    t.signInAndOpen();
    t.receive(matched);
    t.timers.advance(CONTROLLER_TIMING.opponentFoundMs);
    t.receive(state(START + 4_000, { gameState: 'countdown', countdownTime: 1 }));
    t.receive(state(START + 5_000, { gameState: 'firstServe' }));
    const goAt = t.view().goAt;
    expect(goAt).toBe(START + CONTROLLER_TIMING.opponentFoundMs);
    t.timers.advance(CONTROLLER_TIMING.goShownMs - 1);
    expect(t.view().goAt).toBe(goAt);
    t.timers.advance(1);
    expect(t.view()).toMatchObject({ state: 'firstServe', goAt: null });
  });
});

describe('exit from a search', () => {
  const cancels = (t: ReturnType<typeof setup>) => t.sent().filter((m) => m.type === 'cancelSearch');

  it('a paid search under 10 s old: nothing is sent, the search goes on, the player is told why', () => {
    const t = setup();
    t.signInAndOpen();
    t.controller.findMatch('smol_shrimp', SIGNATURE);
    t.pass(4_000);
    t.controller.exit();
    t.pass(1_000);
    expect(t.sentTypes()).not.toContain('exit');
    expect(cancels(t)).toHaveLength(0);
    expect(t.view()).toMatchObject({
      searching: true,
      gameMode: 'smol_shrimp',
      lastErrorCode: 'cancel_too_early',
      notice: { kind: 'error', code: 'cancel_too_early' },
    });
  });

  it("a paid search 10 s old is cancelled as 'CANCEL MATCH' does, and its refund reply shown", () => {
    const t = setup();
    t.signInAndOpen();
    t.controller.findMatch('smol_shrimp', SIGNATURE);
    t.pass(10_050);
    t.controller.exit();
    expect(t.sentTypes()).not.toContain('exit');
    expect(cancels(t)).toHaveLength(CONTROLLER_TIMING.cancelCopies);
    expect(cancels(t)[0]).toMatchObject({ paymentSignature: SIGNATURE });
    const reply: ServerMessage = {
      type: 'cancelSearch',
      success: true,
      message: 'Search cancelled: 0.02425 SOL (97%) will be refunded',
      refundLamports: '24250000',
    };
    t.receive(reply);
    expect(t.view()).toMatchObject({
      searching: false,
      state: 'waiting',
      notice: { kind: 'searchCancelled', refundLamports: '24250000' },
    });
  });
});
