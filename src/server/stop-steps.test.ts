import { describe, expect, it } from 'vitest';
import { startTestServer } from '../../test/support/test-server.ts';

/**
 * A stop that takes too long is reported with what it waits on (main.ts names it when it gives up after a
 * signal; test servers name it every 30 s): the server says which step of its stop is under way.
 */
describe('a server names the step of its stop under way', () => {
  it("'not stopping' while it runs, the first step as soon as the stop begins, 'stopped' once closed", async () => {
    const server = await startTestServer();
    expect(server.stopStep()).toBe('not stopping');
    const closing = server.stop();
    expect(server.stopStep()).toBe('live matches playing to their end');
    await closing;
    expect(server.stopStep()).toBe('stopped');
  });
});
