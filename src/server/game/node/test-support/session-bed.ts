import { randomUUID } from 'node:crypto';
import { createFakeClock, type FakeClock } from '../../../../common/clock.ts';
import {
  type ServerMessage,
  type ServerMessageOf,
  serverMessageSchema,
} from '../../../../common/protocol.ts';
import type { EntryGate, PlayerLink } from '../../game-ports.ts';
import { createGameServer } from '../../game-server.ts';
import { singleNodeTopology } from '../../single-node-topology.ts';
import { createMemoryGameStore } from '../../store/memory-game-store.ts';

/**
 * The node's session rules over the in-memory game store: no database, no chain, no money (free play only).
 * The store's contract suite (store/game-store.test.ts) proves the memory store answers as the Drizzle one
 * does, so what these rules ask of the store holds on the real databases too.
 */
export interface TestLink extends PlayerLink {
  walletAddress: string;
  playerSessionId: string;
  /** Every message sent to this link, each checked against the protocol schema. */
  readonly sent: ServerMessage[];
  of<T extends ServerMessage['type']>(type: T): ServerMessageOf<T>[];
}

export function sessionBed(
  shared: { clock: FakeClock; store: ReturnType<typeof createMemoryGameStore> } | null = null,
) {
  const clock = shared?.clock ?? createFakeClock(1_700_000_000_000);
  const store = shared?.store ?? createMemoryGameStore({ clock });
  /** Nobody is banned, no country is restricted, no protection refuses: the gate lets every search pass. */
  const openGate: EntryGate = {
    banRefusal: async () => null,
    restrictedCountryOf: () => null,
    jurisdictionRefused: async () => {},
    paidSearchRefusal: async () => null,
    openSearchRefusal: async () => null,
  };
  const game = createGameServer({
    store,
    entryGate: openGate,
    clock,
    analytics: { walletsChanged: async () => {} },
    countdownSeconds: 0,
    leadInSeconds: 0,
    topology: singleNodeTopology({ store, clock }),
  });
  let players = 0;
  const link = (options: { wallet?: string; sessionId?: string } = {}): TestLink => {
    const sent: ServerMessage[] = [];
    players++;
    return {
      id: randomUUID(),
      playerSessionId: options.sessionId ?? randomUUID(),
      walletAddress: options.wallet ?? `wallet-${players}-${randomUUID()}`,
      displayName: `Player-${players}`,
      ip: '198.51.100.7',
      userAgent: 'test',
      sent,
      send: (message) => sent.push(serverMessageSchema.parse(message)),
      sendError: (message, code) => sent.push({ type: 'error', data: { message, code } }),
      of: <T extends ServerMessage['type']>(type: T) =>
        sent.filter((m): m is ServerMessageOf<T> => m.type === type),
    };
  };
  return { clock, store, game, link };
}
