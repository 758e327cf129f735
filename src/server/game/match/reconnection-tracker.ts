import type { PlayerIndex } from '../../../common/game/physics.ts';
import { DISCONNECT_GRACE_MS, RECONNECTION_WINDOW_MS } from '../../../common/rules.ts';
import { FORFEITING_DISCONNECT, RECONNECTION_UPDATE_MS } from './match-constants.ts';

/** One seat's link to its player (STYLE.md 5): each variant carries only its own deadlines. */
export type SeatLink =
  | { name: 'connected' }
  | { name: 'grace'; disconnectedAt: number; graceEndsAt: number }
  | { name: 'away'; awaySince: number; windowEndsAt: number; nextUpdateAt: number };

export type DisconnectOutcome =
  | { kind: 'grace'; graceEndsAt: number }
  | { kind: 'excessive'; count: number }
  /** The seat was already disconnected: a second close of the same seat is not a new disconnect. */
  | { kind: 'ignored' };

export type ReconnectOutcome = { kind: 'alreadyConnected' } | { kind: 'withinGrace' } | { kind: 'fromAway' };

/** What time did to the links, each stamped with the exact deadline it fired at. */
export type ReconnectionEvent =
  | { type: 'graceEnded'; seat: PlayerIndex; at: number; secondsLeft: number }
  | { type: 'timeLeft'; seat: PlayerIndex; at: number; secondsLeft: number }
  | { type: 'windowExpired'; seat: PlayerIndex; at: number };

export interface ConnectionLogEntry {
  at: number;
  seat: PlayerIndex;
  /** 'moving': a seat whose player is on its way from another game node (cluster mode), not a disconnect. */
  event: 'disconnected' | 'moving' | 'away' | 'reconnected' | 'timedOut';
}

export interface ReconnectionTracker {
  /** `counted: false` for a player moving here from another game node: not one of their disconnects. */
  disconnect(seat: PlayerIndex, now: number, counted?: boolean): DisconnectOutcome;
  reconnect(seat: PlayerIndex, now: number): ReconnectOutcome;
  /** Fires every deadline up to and including `now`, in time order, stopping at the first expiry. */
  advance(now: number): readonly ReconnectionEvent[];
  link(seat: PlayerIndex): SeatLink;
  /** The match pauses while any seat is past its grace. */
  awaySeats(): PlayerIndex[];
  /** awaySeats().length > 0, without building the list (asked on every snapshot). */
  anyAway(): boolean;
  graceSeats(): PlayerIndex[];
  /** Whole seconds left in an away seat's window, rounded up (30 right after the grace). */
  secondsLeft(seat: PlayerIndex, now: number): number | null;
  disconnectCounts(): [number, number];
  log(): ConnectionLogEntry[];
}

const SEATS = [0, 1] as const;
const NO_EVENTS: readonly ReconnectionEvent[] = Object.freeze([]);

function wholeSeconds(ms: number): number {
  return Math.ceil(ms / 1000);
}

/**
 * The disconnect grace, the reconnection window and the per-seat disconnect count of one match, as a pure
 * state machine over times the caller reads from its clock. Its log is bounded by the forfeit rule: at most
 * FORFEITING_DISCONNECT disconnects per seat, three entries each.
 */
export function createReconnectionTracker(): ReconnectionTracker {
  const links: [SeatLink, SeatLink] = [{ name: 'connected' }, { name: 'connected' }];
  const counts: [number, number] = [0, 0];
  const entries: ConnectionLogEntry[] = [];

  /** The next deadline of a seat, or null when nothing is pending for it. */
  function deadline(seat: PlayerIndex): number | null {
    const link = links[seat];
    switch (link.name) {
      case 'connected':
        return null;
      case 'grace':
        return link.graceEndsAt;
      case 'away':
        return Math.min(link.nextUpdateAt, link.windowEndsAt);
      default: {
        const unreachable: never = link;
        throw new Error(`unknown seat link ${JSON.stringify(unreachable)}`);
      }
    }
  }

  /** Fires the due deadline of one seat; returns its event, or null when it only moved the deadline on. */
  function fire(seat: PlayerIndex, now: number): ReconnectionEvent | null {
    const link = links[seat];
    if (link.name === 'grace') {
      const at = link.graceEndsAt;
      const windowEndsAt = at + RECONNECTION_WINDOW_MS;
      links[seat] = { name: 'away', awaySince: at, windowEndsAt, nextUpdateAt: at + RECONNECTION_UPDATE_MS };
      entries.push({ at, seat, event: 'away' });
      return { type: 'graceEnded', seat, at, secondsLeft: wholeSeconds(RECONNECTION_WINDOW_MS) };
    }
    if (link.name !== 'away') return null;
    if (link.windowEndsAt <= link.nextUpdateAt) {
      entries.push({ at: link.windowEndsAt, seat, event: 'timedOut' });
      return { type: 'windowExpired', seat, at: link.windowEndsAt };
    }
    if (now >= link.windowEndsAt) {
      // The window is over by now: a count of seconds left would be stale, so only the expiry remains due.
      links[seat] = { ...link, nextUpdateAt: link.windowEndsAt };
      return null;
    }
    // A late tick may find several seconds due at once: the opponent needs only the latest count.
    const lastDue = Math.min(now, link.windowEndsAt - 1);
    const steps = Math.max(0, Math.floor((lastDue - link.nextUpdateAt) / RECONNECTION_UPDATE_MS));
    const at = link.nextUpdateAt + steps * RECONNECTION_UPDATE_MS;
    links[seat] = { ...link, nextUpdateAt: at + RECONNECTION_UPDATE_MS };
    return { type: 'timeLeft', seat, at, secondsLeft: wholeSeconds(link.windowEndsAt - at) };
  }

  return {
    disconnect(seat, now, counted = true) {
      if (links[seat].name !== 'connected') return { kind: 'ignored' };
      if (counted) counts[seat] += 1;
      entries.push({ at: now, seat, event: counted ? 'disconnected' : 'moving' });
      if (counts[seat] >= FORFEITING_DISCONNECT) return { kind: 'excessive', count: counts[seat] };
      const graceEndsAt = now + DISCONNECT_GRACE_MS;
      links[seat] = { name: 'grace', disconnectedAt: now, graceEndsAt };
      return { kind: 'grace', graceEndsAt };
    },

    reconnect(seat, now) {
      const was = links[seat].name;
      if (was === 'connected') return { kind: 'alreadyConnected' };
      links[seat] = { name: 'connected' };
      entries.push({ at: now, seat, event: 'reconnected' });
      return was === 'grace' ? { kind: 'withinGrace' } : { kind: 'fromAway' };
    },

    advance(now) {
      // The usual case, every tick of every match: nobody away, nothing to fire, nothing allocated.
      if (links[0].name === 'connected' && links[1].name === 'connected') return NO_EVENTS;
      const events: ReconnectionEvent[] = [];
      for (;;) {
        // Earliest deadline first; on a tie the lower seat goes first, so both-away ties are deterministic.
        let seat: PlayerIndex | null = null;
        let due = Number.POSITIVE_INFINITY;
        for (const s of SEATS) {
          const d = deadline(s);
          if (d !== null && d <= now && d < due) {
            seat = s;
            due = d;
          }
        }
        if (seat === null) return events;
        const event = fire(seat, now);
        if (event === null) continue;
        events.push(event);
        // The first expiry decides the match; later deadlines no longer matter.
        if (event.type === 'windowExpired') return events;
      }
    },

    link: (seat) => links[seat],
    awaySeats: () => SEATS.filter((s) => links[s].name === 'away'),
    anyAway: () => links[0].name === 'away' || links[1].name === 'away',
    graceSeats: () => SEATS.filter((s) => links[s].name === 'grace'),
    secondsLeft(seat, now) {
      const link = links[seat];
      return link.name === 'away' ? wholeSeconds(Math.max(0, link.windowEndsAt - now)) : null;
    },
    disconnectCounts: () => [counts[0], counts[1]],
    log: () => entries.map((e) => ({ ...e })),
  };
}
