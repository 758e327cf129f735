import { describe, expect, it } from 'vitest';
import { parseClientMessage } from '../../common/client-message-parse.ts';
import { connectMessage, findMatchMessage, reconnectMessage } from './outgoing-messages.ts';

const WALLET = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin';
const GAME = '3f1e2d4c-5b6a-4789-8a0b-1c2d3e4f5a6b';

describe('the client never sends a display name the server could refuse', () => {
  it('connect, reconnect and findMatch carry no name (the server uses the default name) and all parse', () => {
    const wallet = { publicKey: WALLET, balanceLamports: 1_000_000_000n };
    const sent = [
      connectMessage(wallet, 1),
      reconnectMessage(GAME, wallet, 2),
      findMatchMessage('tiny_tuna', 'x'.repeat(88), wallet, 3),
    ];
    for (const message of sent) {
      expect(message).not.toHaveProperty('displayName');
      expect(parseClientMessage(JSON.stringify(message)).ok).toBe(true);
    }
  });
});
