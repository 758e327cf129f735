import { randomUUID } from 'node:crypto';
import type { Clock } from '../../../common/clock.ts';
import type { ServerMessage } from '../../../common/protocol.ts';
import { HOUSE_BOT_ADDRESS, HOUSE_BOT_NAME } from '../../../common/rules.ts';
import type { PlayerLink } from '../game-ports.ts';
import type { LiveMatch } from '../live-match.ts';
import { createBotBrain, randomSkill } from '../match/bot-brain.ts';
import type { QueuePlayer } from '../queue-entry.ts';

/** A paddle target is sent only when it moved more than this (as the client's paddle rule does). */
const MOVE_THRESHOLD = 2;

/**
 * The house bot: a server-side opponent for a Free Play search nobody else is there to take. It plays like a
 * person (the human-like brain of the load bench: it reacts 150-250 ms late, its hand moves at a person's
 * speed, and it misreads the ball more the faster it comes), each bot with a skill of its own drawn at
 * random, so it can be beaten. It sees what a player's screen shows (its seat's snapshot of the match) and
 * moves its paddle through the match's own paddleMove, once a tick. Practice only: it pays and is paid
 * nothing, and the rankings count paid matches only.
 */
export function createHouseBots(clock: Clock) {
  /** Each bot's match, by game id, once its `matched` has come. */
  const playing = new Map<
    string,
    { seat: 0 | 1; brain: ReturnType<typeof createBotBrain>; last: number | null }
  >();

  return {
    /** A new bot: its player (for the queue row and the seat) and its link, which learns its match. */
    join(): { player: QueuePlayer; link: PlayerLink } {
      const id = `house-bot-${randomUUID()}`;
      const link: PlayerLink = {
        id,
        playerSessionId: id,
        walletAddress: HOUSE_BOT_ADDRESS,
        displayName: HOUSE_BOT_NAME,
        ip: null,
        userAgent: null,
        send(message: ServerMessage) {
          if (message.type !== 'matched') return;
          const brain = createBotBrain(message.playerIndex, randomSkill(Math.random), Math.random);
          playing.set(message.gameId, { seat: message.playerIndex, brain, last: null });
        },
        sendError() {},
      };
      const player: QueuePlayer = {
        linkId: id,
        playerSessionId: id,
        walletAddress: HOUSE_BOT_ADDRESS,
        displayName: HOUSE_BOT_NAME,
        ip: null,
        userAgent: null,
      };
      return { player, link };
    },

    /** Whether a match is played by a bot, on this node. */
    plays: (gameId: string) => playing.has(gameId),

    /** Each bot looks at its match and moves its hand; called from the tick, before the matches step. */
    tick(matches: ReadonlyMap<string, LiveMatch>): void {
      for (const [gameId, bot] of playing) {
        const live = matches.get(gameId);
        if (!live || live.match.isOver()) {
          playing.delete(gameId);
          continue;
        }
        const target = bot.brain.see(live.match.snapshot(bot.seat), clock.now());
        if (bot.last !== null && Math.abs(target - bot.last) <= MOVE_THRESHOLD) continue;
        bot.last = target;
        live.match.paddleMove(bot.seat, target);
      }
    },
  };
}

export type HouseBots = ReturnType<typeof createHouseBots>;
