import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectPlayer, signIn, type TestPlayer } from '../../../test/support/player-client.ts';
import { startTestServer, type TestServer } from '../../../test/support/test-server.ts';
import { until } from '../../../test/support/until.ts';
import { createFakeClock } from '../../common/clock.ts';

/**
 * A search survives its socket, over real sockets: the `connect` a client sends on every new connection (SPEC §7) takes
 * back the search its wallet left on a lost socket, within the reconnection window (SPEC §9).
 */
describe('a search survives its socket', () => {
  const clock = createFakeClock();
  let server: TestServer;
  const open: TestPlayer[] = [];

  beforeAll(async () => {
    server = await startTestServer({ clock });
  });
  afterAll(async () => {
    for (const p of open) p.close();
    await server?.stop();
  });

  it('a new socket of the wallet says connect, is told it is still searching, and gets the match', async () => {
    const identity = await signIn(server.url);
    const first = await connectPlayer(server.url, { signedIn: identity });
    first.send({ type: 'findMatch', gameMode: 'practice' });
    await first.next('joinQueue');
    first.close();
    await first.closed;
    const channel = server.game.channel;
    await until(() => channel.connectionsOf(identity.wallet.address).length === 0, {
      what: 'the lost socket gone',
    });
    expect(server.game.game.queueLengths().practice).toBe(1);

    const back = await connectPlayer(server.url, { signedIn: identity });
    open.push(back);
    back.send({ type: 'connect' });
    expect(await back.next('findMatch')).toMatchObject({ status: 'searching', gameMode: 'practice' });
    expect(await back.next('joinQueue')).toMatchObject({ queueType: 'practice', queuePosition: 1 });

    const other = await connectPlayer(server.url);
    open.push(other);
    other.send({ type: 'findMatch', gameMode: 'practice' });
    const [mine, theirs] = await Promise.all([back.next('matched'), other.next('matched')]);
    expect(mine.gameId).toBe(theirs.gameId);
  });
});
