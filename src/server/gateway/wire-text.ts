import type { GameData, ServerMessage } from '../../common/protocol.ts';

/** The JSON of each snapshot's data, made once however many sockets it goes to. */
const dataTexts = new WeakMap<GameData, string>();

/**
 * A server message as the socket sends it: exactly `JSON.stringify(message)`, except that a `gameState`'s
 * data object, which a match hands to both of its players, is serialised once and reused.
 */
export function wireText(message: ServerMessage): string {
  if (message.type !== 'gameState') return JSON.stringify(message);
  let data = dataTexts.get(message.data);
  if (data === undefined) {
    data = JSON.stringify(message.data);
    dataTexts.set(message.data, data);
  }
  return `{"type":"gameState","gameId":${JSON.stringify(message.gameId)},"playerIndex":${message.playerIndex},"timestamp":${message.timestamp},"data":${data}}`;
}
