import { describe, expect, it } from 'vitest';
import type { ServerMessage, ServerMessageOf } from '../../common/protocol.ts';
import { CHANNEL_TIMING } from '../game-channel/game-channel.ts';
import { data, GAME, gameOver, matched, setup } from './test-support/controller-bed.ts';

/**
 * In cluster mode a match lives on one game node. The client follows `matched.node` there at
 * once, and every reconnection while the game is stored goes back to that node; one process names no node.
 */

const SESSION = 'session-from-server';
const PLAIN = `wss://pong.test/ws?sessionId=${SESSION}`;
const connectReply = (node?: string): ServerMessage => ({
  type: 'connect',
  id: 'c',
  sessionId: SESSION,
  playersOnline: 2,
  ...(node ? { node } : {}),
});
const matchedOn = (node: string): ServerMessage => ({ ...(matched as ServerMessageOf<'matched'>), node });
const success: ServerMessage = {
  type: 'reconnectionSuccess',
  match: { gameMode: 'practice', opponentName: 'Opponent' },
  gameId: GAME,
  playerIndex: 0,
  gameState: data({ gameState: 'countdown' }),
};

function connectedTo(node?: string) {
  const t = setup();
  t.signInAndOpen();
  t.receive(connectReply(node));
  /** The socket drops after it was open long enough to be stable: the next attempt opens 1 s later. */
  const drop = () => {
    t.pass(CHANNEL_TIMING.stableOpenMs);
    t.socket().serverClose();
    t.timers.advance(1_000);
  };
  return { ...t, drop };
}

describe('the client follows its match to its game node', () => {
  it('(a) one process: matched without a node moves nothing, and a drop reconnects to the plain URL', () => {
    const t = connectedTo();
    t.receive(matched);
    expect(t.sockets.sockets).toHaveLength(1);
    expect(t.sentTypes()).not.toContain('reconnect');
    expect(t.stored.currentGameNode.get()).toBeNull();
    t.drop();
    expect(t.sockets.sockets).toHaveLength(2);
    expect(t.socket().url).toBe(PLAIN);
  });

  it('(b) matched on the node this socket is on: no move, but a drop reconnects to that node', () => {
    const t = connectedTo('node-1');
    t.receive(matchedOn('node-1'));
    expect(t.sockets.sockets).toHaveLength(1);
    expect(t.sentTypes()).not.toContain('reconnect');
    expect(t.stored.currentGameNode.get()).toBe('node-1');
    t.drop();
    expect(t.sockets.sockets).toHaveLength(2);
    expect(t.socket().url).toBe(`${PLAIN}&node=node-1`);
  });

  it('(c) matched on another node: one new socket to it at once, whose first message rejoins the game; nothing lost is shown', () => {
    const t = connectedTo('node-1');
    t.receive(matchedOn('node-2'));
    expect(t.sockets.sockets).toHaveLength(2);
    expect(t.sockets.sockets[0]?.closedByClient).toBe(true);
    expect(t.socket().url).toBe(`${PLAIN}&node=node-2`);
    expect(t.controller.getSnapshot().connection).toMatchObject({
      status: 'connecting',
      reconnectAttempts: 0,
    });
    t.socket().open();
    expect(t.sent()[0]).toMatchObject({ type: 'reconnect', gameId: GAME });
    expect(t.sentTypes()).not.toContain('connect');
    expect(t.view()).toMatchObject({ connected: true, isDisconnected: false, reconnecting: false });
    t.receive(success);
    expect(t.view()).toMatchObject({ gameId: GAME, state: 'countdown', isDisconnected: false });
    // The next match on the node the socket moved to needs no move.
    t.receive(gameOver);
    t.receive(matchedOn('node-2'));
    expect(t.sockets.sockets).toHaveLength(2);
    expect(t.controller.getSnapshot().connection).toMatchObject({ status: 'open', reconnectAttempts: 0 });
  });

  it('(d) after game over the game-over screen (its rematch) stays on the node; once left, and after a cleanup, a drop reconnects to the plain URL', () => {
    const over = connectedTo('node-1');
    over.receive(matchedOn('node-1'));
    over.receive(gameOver);
    expect(over.stored.currentGameId.get()).toBeNull();
    expect(over.stored.currentGameNode.get()).toBe('node-1');
    // The node keeps the match just over for its rematch: a drop at its game-over screen goes back there.
    over.drop();
    expect(over.socket().url).toBe(`${PLAIN}&node=node-1`);
    over.socket().open();
    over.controller.returnToMenu();
    over.drop();
    expect(over.socket().url).toBe(PLAIN);

    const cleaned = connectedTo('node-1');
    cleaned.receive(matchedOn('node-1'));
    cleaned.receive({ type: 'gameCleanup', gameId: GAME });
    expect(cleaned.stored.currentGameNode.get()).toBeNull();
    cleaned.drop();
    expect(cleaned.socket().url).toBe(PLAIN);
  });
});
