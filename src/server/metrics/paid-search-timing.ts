import { performance } from 'node:perf_hooks';
import type { ServerMessage } from '../../common/protocol.ts';

/**
 * Runs the handler of a paid findMatch and reports the time until its joinQueue reply leaves (the
 * payment path, verification on the chain included). The link's `send` is observed while the
 * handler runs and put back after: a socket's messages are handled one at a time, so nothing else of this
 * socket's is being handled meanwhile, and the link stays the same object the game layer keys it by.
 */
export async function timePaidSearch(
  link: { send(message: ServerMessage): void },
  handle: () => void | Promise<void>,
  joined: (ms: number) => void,
): Promise<void> {
  const started = performance.now();
  const send = link.send;
  let reported = false;
  link.send = (message) => {
    if (message.type === 'joinQueue' && !reported) {
      reported = true;
      joined(performance.now() - started);
    }
    send(message);
  };
  try {
    await handle();
  } finally {
    link.send = send;
  }
}
