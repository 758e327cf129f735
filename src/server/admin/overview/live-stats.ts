import type { GameServer } from '../../game/game-server.ts';
import type { Presence } from '../../gateway/presence.ts';
import type { LiveStats } from './admin-services.ts';

/**
 * The live figures from the running game layer: matches not over yet, sockets online, each mode's queue. In
 * cluster mode the players and queues are already every node's; `matchesElsewhere` adds the other nodes'
 * matches.
 */
export function liveStatsOf(
  wiring: {
    game: Pick<GameServer, 'matches' | 'queueLengths'>;
    channel: { presence: Pick<Presence, 'playersOnline'> };
  },
  matchesElsewhere: () => number = () => 0,
): LiveStats {
  return {
    matches:
      wiring.game.matches().filter((match) => match.status().name !== 'over').length + matchesElsewhere(),
    playersOnline: wiring.channel.presence.playersOnline(),
    queues: Object.entries(wiring.game.queueLengths()).map(([mode, waiting]) => ({ mode, waiting })),
  };
}
