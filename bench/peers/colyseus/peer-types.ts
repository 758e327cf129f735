/**
 * What the bench knows of the Colyseus peer without its packages installed: the room variants and the shape
 * of the bot module the load worker imports on demand (colyseus-bot.ts, which needs `@colyseus/sdk`).
 */
import type { Bot, BotRecorders } from '../../bot.ts';

export const PEER_VARIANTS = ['json', 'schema'] as const;
export type PeerVariant = (typeof PEER_VARIANTS)[number];

export interface PeerBotModule {
  startColyseusBot(
    baseUrl: string,
    variant: PeerVariant,
    random: () => number,
    rec: BotRecorders,
  ): Promise<Bot>;
}
