/**
 * The two Colyseus rooms of the peer, each a practice match of two players running this
 * project's physics at 60 Hz on Colyseus' fixed-timestep loop:
 *
 * - `json`: every tick, each player gets the product's JSON `gameState` message (SPEC §7) as text;
 * - `schema`: every tick the physics is copied into a `@colyseus/schema` state, which Colyseus patches to the
 *   players at its default rate (20 Hz, binary deltas of what changed).
 *
 * Players send `paddle` (their paddle's centre y). At 11 points the room locks, the players leave and search
 * again, and the empty room is disposed. Every step and patch is timed into the peer's metrics.
 */
import { randomBytes } from 'node:crypto';
import { type Client, Room } from '@colyseus/core';
import { TICK_HZ, TICK_MS } from '../../../src/common/game/constants.ts';
import type { PlayerIndex } from '../../../src/common/game/physics.ts';
import {
  createPeerMatch,
  gameStateText,
  PADDLE_MESSAGE,
  PEER_COUNTDOWN_SECONDS,
  paddleInputOf,
} from './peer-match.ts';
import type { PeerMetrics } from './peer-metrics.ts';
import { createLoopFrames } from './peer-ticks.ts';
import { pongFieldsOf } from './pong-fields.ts';
import { PongState } from './pong-state.ts';

/** A finished room waits this long for its players to leave before it closes on them. */
const LINGER_MS = 5_000;

const shared: { metrics: PeerMetrics | null; live: number } = { metrics: null, live: 0 };

/** The process's metrics, which every room reports to; set once before the server listens. */
export function usePeerMetrics(metrics: PeerMetrics): void {
  shared.metrics = metrics;
}

/** Rooms whose match is being played (both players in, not over). */
export const liveMatches = () => shared.live;

abstract class PongRoom<S extends object | undefined> extends Room<{ state: S }> {
  override maxClients = 2;
  protected readonly match = createPeerMatch(randomBytes(16).toString('hex'));
  protected readonly seats: [Client | null, Client | null] = [null, null];
  private running = false;
  private closing: NodeJS.Timeout | undefined;

  /** Shows the players the match as it is after a step (or a forfeit). */
  protected abstract show(): void;
  protected seated(_client: Client, _seat: PlayerIndex): void {}

  override onCreate() {
    this.onMessage(PADDLE_MESSAGE, (client, message: unknown) => {
      const input = paddleInputOf(message);
      if (!input.ok) {
        client.send('error', input.error);
        return;
      }
      const seat = this.seats.indexOf(client);
      if (seat === 0 || seat === 1) this.match.offer(seat, input.target);
    });
  }

  override onJoin(client: Client) {
    const seat: PlayerIndex = this.seats[0] === null ? 0 : 1;
    this.seats[seat] = client;
    this.seated(client, seat);
    if (this.seats[0] && this.seats[1]) this.begin();
  }

  override onLeave(client: Client) {
    const seat = this.seats.indexOf(client);
    if (seat !== 0 && seat !== 1) return;
    this.seats[seat] = null;
    if (!this.running) return;
    this.match.forfeit(seat);
    this.show();
    this.end();
  }

  override onDispose() {
    if (this.running) {
      this.running = false;
      shared.live--;
    }
    clearTimeout(this.closing);
  }

  private begin() {
    this.running = true;
    shared.live++;
    const metrics = shared.metrics!;
    // Until now only the 50 ms patch timer ticked the room clock: read it afresh, so the loop starts now
    // rather than fast-forwarding what is up to 50 ms stale. From here only the loop ticks it, once at the
    // start of every frame: that tick is where the frame's lateness is read.
    this.clock.tick();
    const loop = createLoopFrames(TICK_MS, this.clock.currentTime);
    const tick = this.clock.tick.bind(this.clock);
    this.clock.tick = (...args: Parameters<typeof tick>) => {
      tick(...args);
      if (this.running) metrics.frame(loop, this.clock.currentTime);
    };
    this.setFixedTimestep(() => {
      if (!this.running) return;
      metrics.step(() => {
        const over = this.match.tick();
        this.show();
        if (over) this.end();
      });
    }, TICK_HZ);
  }

  private end() {
    this.running = false;
    shared.live--;
    // No callback: the loop stops. (The room clock stops with it, so the linger is a plain timer.)
    this.setTimestep();
    void this.lock();
    this.closing = setTimeout(() => void this.disconnect(), LINGER_MS);
  }
}

export class JsonPongRoom extends PongRoom<undefined> {
  protected show() {
    const now = Date.now();
    const dataText = JSON.stringify(this.match.gameData(this.roomId, now));
    this.seats.forEach((client, seat) => {
      client?.send('gameState', gameStateText(this.roomId, seat as PlayerIndex, now, dataText));
    });
  }
}

export class SchemaPongRoom extends PongRoom<PongState> {
  override state = new PongState();

  protected show() {
    Object.assign(this.state, pongFieldsOf(this.match.physics(), PEER_COUNTDOWN_SECONDS));
  }

  protected override seated(client: Client, seat: PlayerIndex) {
    if (seat === 0) this.state.seat0 = client.sessionId;
    else this.state.seat1 = client.sessionId;
    this.show();
  }

  /** The 20 Hz patch (state serialisation and sends) is timed as part of the game's work. */
  override broadcastPatch() {
    return shared.metrics ? shared.metrics.work(() => super.broadcastPatch()) : super.broadcastPatch();
  }
}
