import { createFakeClock } from '../../../common/clock.ts';
import type { ServerMessage } from '../../../common/protocol.ts';
import type { ConnectionInfo, TransactionNotice } from '../../state/game-api.ts';
import { createManualTimers } from '../../test-support/manual-timers.ts';
import { createGameChannel } from '../game-channel.ts';
import { fakeSocketFactory } from './fake-socket.ts';

/** The wallet every channel of the bed is signed in as. */
export const CHANNEL_WALLET = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin';

/**
 * A game channel on fake sockets, a fake clock and timers advanced by hand: what it sent, received, logged
 * and told of its connection. Its `opened` handler sends a `connect`, as the page's does.
 */
export function channelBed(url: () => string = () => 'ws://game.test/ws') {
  const clock = createFakeClock(1_000_000);
  const timers = createManualTimers(clock);
  const sockets = fakeSocketFactory();
  const log: string[] = [];
  const received: ServerMessage[] = [];
  const notices: TransactionNotice[] = [];
  let info: ConnectionInfo | null = null;
  const statuses: ConnectionInfo['status'][] = [];
  const channel = createGameChannel({
    url,
    createSocket: sockets.factory,
    clock,
    timers,
    walletAddress: () => CHANNEL_WALLET,
    log: (message) => log.push(message),
    handlers: {
      opened: (moved) => {
        log.push(moved ? 'opened (moved)' : 'opened');
        channel.send({ type: 'connect', timestamp: clock.now() });
      },
      message: (m) => received.push(m),
      closed: () => log.push('closed'),
      graceEnded: () => log.push('graceEnded'),
      gaveUp: () => log.push('gaveUp'),
      sessionEnded: (why) => log.push(`sessionEnded ${why}`),
      error: () => log.push('error'),
      transaction: (n) => notices.push(n),
      connection: (i) => {
        info = i;
        statuses.push(i.status);
      },
    },
  });
  const types = (socket = sockets.last()) => socket.messages().map((m) => m.type);
  return { clock, timers, sockets, channel, log, received, notices, info: () => info, statuses, types };
}
