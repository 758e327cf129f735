import { describe, expect, it } from 'vitest';
import type { ServerMessage } from '../../common/protocol.ts';
import { readStats } from '../storage/stats.ts';
import {
  data,
  GAME,
  gameOver,
  matched,
  SIGNATURE,
  START,
  setup,
  state,
  WALLET,
} from './test-support/controller-bed.ts';

describe('the channel opens for a signed-in wallet only', () => {
  it('no socket before sign-in; one after; a sign-out closes it and forgets the game view', () => {
    const t = setup();
    t.controller.setIdentity(false, WALLET);
    expect(t.sockets.sockets).toHaveLength(0);
    t.signInAndOpen();
    expect(t.socket().url).toBe('wss://pong.test/ws');
    expect(t.sent()[0]).toEqual({ type: 'connect', walletAddress: WALLET, timestamp: START });
    t.receive({ type: 'connect', id: 'c', sessionId: 'session-from-server', playersOnline: 3 });
    expect(t.stored.sessionId.get()).toBe('session-from-server');
    t.receive(matched);
    t.controller.setIdentity(false, null);
    expect(t.socket().closedByClient).toBe(true);
    expect(t.view()).toMatchObject({ gameId: null, connected: false, state: 'waiting' });
    // Signing out keeps the stored game: the next sign-in's reconnect learns if the seat is still ours.
    expect(t.stored.currentGameId.get()).toBe(GAME);
    t.controller.setIdentity(true, WALLET);
    expect(t.socket().url).toBe('wss://pong.test/ws?sessionId=session-from-server');
  });
});

describe('search and match effects', () => {
  it("the server's word on what it holds, on every connection, has the balance and history read again", () => {
    const t = setup();
    t.signInAndOpen();
    const before = t.walletEvents.length;
    // The server back after an outage, nothing settled: a balance marked stale meanwhile is read again now.
    t.receive({ type: 'held', holds: { kind: 'nothing' }, settled: null });
    expect(t.walletEvents.slice(before).map((e) => e.kind)).toEqual(['manual_trigger']);
  });

  it('find match: searching at once, findMatch sent about 50 ms later with wallet, balance and signature', () => {
    const t = setup();
    t.signInAndOpen();
    t.controller.findMatch('smol_shrimp', SIGNATURE);
    expect(t.view()).toMatchObject({ searching: true, searchStartTime: START, gameMode: 'smol_shrimp' });
    t.timers.advance(49);
    expect(t.sentTypes()).not.toContain('findMatch');
    t.timers.advance(1);
    expect(t.sent().find((m) => m.type === 'findMatch')).toEqual({
      type: 'findMatch',
      gameMode: 'smol_shrimp',
      walletAddress: WALLET,
      balance: 1.5,
      timestamp: START + 50,
      paymentSignature: SIGNATURE,
    });
  });

  it('cancelSearch: sent several times plus a backup after 500 ms; one refund toast; balance told', () => {
    const t = setup();
    t.signInAndOpen();
    t.controller.findMatch('smol_shrimp', SIGNATURE);
    t.pass(10_050);
    t.controller.cancelSearch();
    const cancels = () => t.sent().filter((m) => m.type === 'cancelSearch');
    expect(cancels()).toHaveLength(3);
    expect(cancels()[0]).toMatchObject({ paymentSignature: SIGNATURE });
    expect(t.view().cancelling).toBe('cancelling');
    t.timers.advance(499);
    expect(cancels()).toHaveLength(3);
    t.timers.advance(1);
    expect(cancels()).toHaveLength(4);
    expect(t.view().cancelling).toBe('refunding');
    const reply: ServerMessage = {
      type: 'cancelSearch',
      success: true,
      message: 'Search cancelled',
      refundLamports: '24250000',
      refundAmount: 0.02425,
    };
    for (let i = 0; i < 4; i++) t.receive(reply);
    expect(t.view()).toMatchObject({
      searching: false,
      cancelling: 'idle',
      notice: { id: 1, kind: 'searchCancelled' },
    });
    expect(t.walletEvents.filter((e) => e.kind === 'refund_processed').length).toBeGreaterThanOrEqual(1);
  });

  it('a search cancelled before its findMatch went out is simply dropped', () => {
    const t = setup();
    t.signInAndOpen();
    t.controller.findMatch('practice');
    t.controller.cancelSearch();
    t.timers.advance(1_000);
    expect(t.sentTypes()).not.toContain('findMatch');
    expect(t.sentTypes()).not.toContain('cancelSearch');
    expect(t.view().searching).toBe(false);
  });

  it('matched stores the game id and last state; gameState feeds the ball’s prediction, not React, 60 times a second', () => {
    const t = setup();
    t.signInAndOpen();
    t.receive(matched);
    expect(t.stored.currentGameId.get()).toBe(GAME);
    expect(t.stored.lastGameState.get()).toMatchObject({ gameId: GAME, state: 'countdown', playerIndex: 0 });
    const rendersBefore = t.renders();
    for (let i = 1; i <= 60; i++) {
      t.clock.advance(16);
      t.receive(state(START + i * 16, { paddlePositions: [300 + i, 300 - i] }));
    }
    // One re-render (countdown → playing), not sixty.
    expect(t.renders() - rendersBefore).toBe(1);
    expect(t.controller.getSnapshot().view.state).toBe('playing');
    expect(t.controller.match.prediction.keyframe()?.paddlePositions).toEqual([360, 240]);
    expect(t.controller.match.prediction.reportedPaddle(0)).toBe(360);
    expect(t.controller.getView().data.paddlePositions).toEqual([360, 240]);
    // The stored last state is refreshed about once a second, not at every gameState.
    expect(t.stored.lastGameState.get()?.state).toBe('playing');
  });

  it('game over: the stored game id is cleared (the last state says game over) and the stats applied once per game id', () => {
    const t = setup();
    t.signInAndOpen();
    t.receive(matched);
    t.receive(state(START + 16, { gameState: 'gameOver', winner: 0, scores: [11, 3], reason: 'score' }));
    t.receive(gameOver);
    t.receive(gameOver);
    expect(t.view().gameOver).toMatchObject({ outcome: 'win', scores: [11, 3] });
    expect(t.stored.currentGameId.get()).toBeNull();
    expect(t.stored.lastGameState.get()).toMatchObject({ gameId: GAME, state: 'gameOver' });
    expect(readStats(t.stored)).toEqual({ totalWins: 1, currentStreak: 1, bestStreak: 1 });
  });

  it('paddle moves go out only in a game, under the paddle rules', () => {
    const t = setup();
    t.signInAndOpen();
    t.controller.paddleMove(200);
    t.receive(matched);
    t.controller.paddleMove(250.26);
    t.controller.paddleMove(251);
    t.timers.advance(16);
    t.controller.paddleMove(700);
    expect(t.sent().filter((m) => m.type === 'paddleMove')).toEqual([
      { type: 'paddleMove', gameId: GAME, position: 250.3, timestamp: START },
      { type: 'paddleMove', gameId: GAME, position: 600, timestamp: START + 16 },
    ]);
  });

  it('exit sends exit, clears storage and returns to the menu', () => {
    const t = setup();
    t.signInAndOpen();
    t.receive(matched);
    t.controller.exit();
    expect(t.sent().at(-1)).toEqual({ type: 'exit', gameId: GAME });
    expect(t.stored.currentGameId.get()).toBeNull();
    expect(t.view()).toMatchObject({ state: 'waiting', gameId: null });
  });
});

describe('reconnection effects', () => {
  it('open with a stored game id: disconnected with 30 s, reconnect sent after 500 ms; success resumes', () => {
    const t = setup((s) => s.currentGameId.set(GAME));
    t.signInAndOpen();
    expect(t.view()).toMatchObject({
      gameId: GAME,
      isDisconnected: true,
      canReconnect: true,
      reconnectionTimeLeft: 30,
    });
    expect(t.sentTypes()).not.toContain('connect');
    t.timers.advance(499);
    expect(t.sentTypes()).not.toContain('reconnect');
    t.timers.advance(1);
    expect(t.sent().find((m) => m.type === 'reconnect')).toMatchObject({
      gameId: GAME,
      walletAddress: WALLET,
    });
    t.receive({
      type: 'reconnectionSuccess',
      match: { gameMode: 'practice', opponentName: 'Opponent' },
      gameId: GAME,
      playerIndex: 1,
      gameState: data({ scores: [4, 5] }),
    });
    expect(t.view()).toMatchObject({ state: 'playing', isDisconnected: false, playerIndex: 1 });
    expect(t.controller.match.prediction.keyframe()?.scores).toEqual([4, 5]);
  });

  it('rapid refresh: a last game state under 15 s old resumes its screen at once', () => {
    const t = setup((s) =>
      s.lastGameState.set({ gameId: GAME, state: 'playing', timestamp: START - 14_999, playerIndex: 1 }),
    );
    t.signInAndOpen();
    expect(t.view()).toMatchObject({ gameId: GAME, state: 'playing', playerIndex: 1 });
    t.timers.advance(500);
    expect(t.sentTypes()).toContain('reconnect');
  });

  it('reconnectionFailed with clearStoredGameId wipes the stored game and says connect', () => {
    const t = setup((s) => s.currentGameId.set(GAME));
    t.signInAndOpen();
    t.timers.advance(500);
    t.receive({
      type: 'reconnectionFailed',
      message: 'Game not found or already finished',
      clearStoredGameId: true,
    });
    expect(t.stored.currentGameId.get()).toBeNull();
    expect(t.view()).toMatchObject({ state: 'waiting', gameId: null, isDisconnected: false });
    expect(t.sentTypes().at(-1)).toBe('connect');
  });

  it('connection lost in a game: 2 s grace, the disconnect UI, the window counting down, then back on reopen', () => {
    const t = setup();
    t.signInAndOpen();
    t.receive(matched);
    t.receive(state(START, { gameState: 'playing' }));
    t.timers.advance(6_000);
    t.socket().serverClose();
    expect(t.view()).toMatchObject({ connected: false, isDisconnected: false, state: 'playing' });
    expect(t.controller.getSnapshot().connection.status).toBe('pendingDisconnect');
    // The first attempt (after 1 s) is refused too.
    t.timers.advance(1_000);
    t.socket().serverClose();
    t.timers.advance(999);
    expect(t.view().isDisconnected).toBe(false);
    t.timers.advance(1);
    // The window counts from the loss, 2 s ago: 28 s of it are left.
    expect(t.view()).toMatchObject({
      isDisconnected: true,
      canReconnect: true,
      reconnectionTimeLeft: 28,
      lastError: 'Connection lost - attempting to reconnect...',
    });
    t.timers.advance(1_000);
    expect(t.view().reconnectionTimeLeft).toBe(27);
    // The second attempt (1.5 s after the first) is refused as well.
    t.socket().serverClose();
    // 'Reconnect Now' opens a socket at once; the reconnect follows 500 ms after it opens.
    const count = t.sockets.sockets.length;
    t.controller.reconnectNow();
    expect(t.view().reconnecting).toBe(true);
    expect(t.sockets.sockets.length).toBe(count + 1);
    t.socket().open();
    t.timers.advance(500);
    expect(t.sent().find((m) => m.type === 'reconnect')).toMatchObject({ gameId: GAME });
    t.receive({
      type: 'reconnectionSuccess',
      gameId: GAME,
      playerIndex: 0,
      gameState: data(),
      match: { gameMode: 'practice', opponentName: 'Opponent' },
    });
    expect(t.view()).toMatchObject({ isDisconnected: false, lastError: null, state: 'playing' });
  });

  it('the opponent overlay safety net clears it after 35 s', () => {
    const t = setup();
    t.signInAndOpen();
    t.receive(matched);
    t.receive({
      type: 'playerTemporarilyDisconnected',
      reconnectionTimeLeft: 30,
      disconnectedPlayerIndex: 1,
    });
    expect(t.view().reconnectionWindowActive).toBe(true);
    // Keep the socket alive without touching the overlay.
    for (let i = 0; i < 34; i++) {
      t.timers.advance(1_000);
      t.receive({
        type: 'queueUpdate',
        queueLengths: { practice: 0, smol_shrimp: 0, tiny_tuna: 0, mighty_marlin: 0, giga_whale: 0 },
        playersOnline: 2,
      });
    }
    t.timers.advance(999);
    expect(t.view().reconnectionWindowActive).toBe(true);
    t.timers.advance(1);
    expect(t.view().reconnectionWindowActive).toBe(false);
  });
});

describe('a reload at a game-over screen comes back to it', () => {
  const FINISHED = {
    gameId: GAME,
    state: 'gameOver' as const,
    timestamp: START - 5_000,
    playerIndex: 0 as const,
    scores: [11, 3] as [number, number],
  };
  it('game over forgets the current game id (SPEC §4); its last state says game over, for a reload', () => {
    const t = setup();
    t.signInAndOpen();
    t.receive(matched);
    t.receive(gameOver);
    expect(t.stored.currentGameId.get()).toBeNull();
    expect(t.stored.lastGameState.get()).toEqual({ ...FINISHED, timestamp: START });
  });

  it('the socket of a reload asks that screen back at once (no connect), and the page waits meanwhile', () => {
    const t = setup((stored) => {
      stored.lastGameState.set(FINISHED);
      stored.walletType.set('Local Wallet');
    });
    expect(t.view().rejoining).toBe(true);
    t.signInAndOpen();
    expect(t.sent().filter((m) => m.type !== 'ping')).toEqual([
      { type: 'reconnect', gameId: GAME, walletAddress: WALLET, timestamp: START },
    ]);
    expect(t.view()).toMatchObject({ rejoining: true, isDisconnected: false, state: 'waiting' });
  });

  it('a refusal forgets the finished game and says hello as a socket without a game does', () => {
    const t = setup((stored) => stored.lastGameState.set(FINISHED));
    t.signInAndOpen();
    t.receive({ type: 'reconnectionFailed', message: 'Game not found', clearStoredGameId: true });
    expect(t.stored.lastGameState.get()).toBeNull();
    expect(t.sentTypes().filter((type) => type !== 'ping')).toEqual(['reconnect', 'connect']);
  });

  it('a game over past its rematch window is not asked back, nor is a page without a stored wallet kept waiting', () => {
    const t = setup((stored) => stored.lastGameState.set({ ...FINISHED, timestamp: START - 60_000 }));
    expect(t.view().rejoining).toBe(false);
    t.signInAndOpen();
    expect(t.sentTypes().filter((type) => type !== 'ping')).toEqual(['connect']);
  });

  it("a reload at the screen keeps the seed hash announced at `matched` and the return's start at the match's end", () => {
    const announced = 'ab'.repeat(32);
    const first = setup();
    first.signInAndOpen();
    first.receive({
      ...matched,
      data: { ...(matched as { data: object }).data, seedHash: announced },
    } as ServerMessage);
    first.receive(state(START, { gameState: 'playing' }));
    first.pass(4_000);
    const endedAt = first.clock.now();
    first.receive(gameOver);
    expect(first.view().gameOverAt).toBe(endedAt);
    first.pass(6_000);

    // The reload: a new page over the same storage, 6 s after the end; it heard no `matched`.
    const t = setup((stored) => {
      const last = first.stored.lastGameState.get();
      if (last) stored.lastGameState.set(last);
      stored.walletType.set('Local Wallet');
    });
    t.clock.set(first.clock.now());
    t.signInAndOpen();
    t.receive({
      type: 'reconnectionSuccess',
      match: { gameMode: 'practice', opponentName: 'Player-Abcd' },
      gameId: GAME,
      playerIndex: 0,
      gameState: data({ gameState: 'gameOver', scores: [11, 3], winner: 0 }),
    });
    expect(t.view()).toMatchObject({ state: 'gameOver', seedHash: announced, gameOverAt: endedAt });
    // A second reload still remembers the end where it was, not this page's rejoin.
    expect(t.stored.lastGameState.get()).toMatchObject({ timestamp: endedAt, seedHash: announced });
  });

  it('leaving the screen into a rematch search forgets it: a reload finds the search, not the screen', () => {
    const t = setup();
    t.signInAndOpen();
    t.receive(matched);
    t.receive(gameOver);
    t.controller.findMatch('practice', undefined, { rematch: GAME });
    expect(t.stored.lastGameState.get()).toBeNull();
  });
});
