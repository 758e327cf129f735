import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packageRoot } from '../src/server/package-root.ts';
import { type RunningHaproxy, startHaproxy } from '../test/cluster/haproxy.ts';
import { startTestCluster, type TestCluster } from '../test/cluster/test-cluster.ts';
import { ensureClientBuilt } from '../test/support/build-client.ts';
import { launchChromium } from './support/browser.ts';
import { type BrowserPlayer, findMatch, readyPlayer, waitForScreen } from './support/player.ts';

/**
 * Cluster mode in real browsers: two game nodes behind HAProxy with the deployment's configuration
 * (deploy/haproxy.cfg), two players whose game channels the balancer sent to different nodes. They are
 * paired through the shared queue; the match lives on one node, and the player whose socket is on the other
 * one moves there by itself (a new socket to `/ws?node=<node>`) and plays: both see the opponent-found
 * countdown and the game, with no page error.
 */

/** The sign-in's 401 probe before sign-in, logged by Chromium as a resource error (see the practice test). */
const KNOWN_SIGN_IN_401 = 'Failed to load resource: the server responded with a status of 401 (Unauthorized)';

interface Watched {
  player: BrowserPlayer;
  /** Every game-channel URL the page opened since its last load, and the node each `connect` named. */
  read(): Promise<{ sockets: string[]; nodes: string[] }>;
}

/**
 * Records, in the page itself, every game-channel URL it opens and the node each `connect` reply names
 * (installed before any script of the page runs, on every load).
 */
async function watchSockets(player: BrowserPlayer): Promise<Watched> {
  await player.page.addInitScript(() => {
    const seen = { sockets: [] as string[], nodes: [] as string[] };
    (window as unknown as { channelSeen: typeof seen }).channelSeen = seen;
    const Native = window.WebSocket;
    window.WebSocket = class extends Native {
      constructor(url: string | URL, protocols?: string | string[]) {
        super(url, protocols);
        if (!new URL(String(url)).pathname.endsWith('/ws')) return;
        seen.sockets.push(String(url));
        this.addEventListener('message', (event) => {
          const frame = JSON.parse(String(event.data)) as {
            type?: string;
            node?: string;
            messages?: unknown;
          };
          // One frame may batch what a tick sent (protocol.ts serverFrameSchema).
          const messages = (frame.type === 'batch' ? frame.messages : [frame]) as Array<typeof frame>;
          for (const message of messages)
            if (message.type === 'connect' && message.node) seen.nodes.push(message.node);
        });
      }
    };
  });
  const read = () =>
    player.page.evaluate(
      () => (window as unknown as { channelSeen?: { sockets: string[]; nodes: string[] } }).channelSeen,
    );
  return { player, read: async () => (await read()) ?? { sockets: [], nodes: [] } };
}

/**
 * Reloads the page (a new game channel) until the proxy sent its socket to a node for which `ok` holds. A
 * page load makes the same requests every time, so one request more moves the proxy's round robin along.
 */
async function socketOn(watched: Watched, ok: (node: string) => boolean, proxyUrl: string): Promise<string> {
  for (let attempt = 0; attempt < 10; attempt++) {
    if (attempt > 0) await fetch(`${proxyUrl}/api/wallet-config`);
    await watched.player.page.reload();
    let node: string | undefined;
    for (let i = 0; i < 100 && !node; i++) {
      node = (await watched.read()).nodes.at(-1);
      if (!node) await watched.player.page.waitForTimeout(50);
    }
    if (node && ok(node)) return node;
  }
  throw new Error(
    `the proxy never sent this page to the wanted node: ${JSON.stringify(await watched.read())}`,
  );
}

describe('a match across two game nodes, in two browsers', () => {
  let cluster: TestCluster;
  let proxy: RunningHaproxy;
  let browser: Browser;

  beforeAll(async () => {
    // The nodes serve the built client: built here too, so this file passes when run on its own.
    ensureClientBuilt(packageRoot());
    cluster = await startTestCluster({ name: 'cross-browsers', env: { SHUTDOWN_DRAIN_SECONDS: '0' } });
    // The balancer at the cluster's public origin, as a deployment runs it (it says so when haproxy is missing).
    proxy = await startHaproxy({
      port: cluster.options.basePort,
      host: '127.0.0.1',
      nodes: cluster.nodes.map((node) => ({ id: node.id, url: node.url })),
    });
    browser = await launchChromium();
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await proxy?.close();
    await cluster?.stop();
  }, 120_000);

  it('the player on the other node moves to the match’s node and both play, with no page error', async () => {
    const players = await Promise.all([readyPlayer(browser, proxy.url), readyPlayer(browser, proxy.url)]);
    const [a, b] = await Promise.all(players.map(watchSockets));
    if (!a || !b) throw new Error('two players');
    const nodeOfA = await socketOn(a, () => true, proxy.url);
    const nodeOfB = await socketOn(b, (node) => node !== nodeOfA, proxy.url);

    await findMatch(a.player.page, 'practice');
    await waitForScreen(a.player.page, 'loading');
    await findMatch(b.player.page, 'practice');
    await Promise.all([
      waitForScreen(a.player.page, 'countdown', 60_000),
      waitForScreen(b.player.page, 'countdown', 60_000),
    ]);
    await Promise.all([
      waitForScreen(a.player.page, 'game', 60_000),
      waitForScreen(b.player.page, 'game', 60_000),
    ]);

    // Exactly one of them opened a second channel, to the other's node: the match's.
    const moves = [
      ...(await a.read()).sockets.slice(1).map((url) => ({ who: 'a', url })),
      ...(await b.read()).sockets.slice(1).map((url) => ({ who: 'b', url })),
    ];
    expect(moves).toHaveLength(1);
    const { who, url } = moves[0]!;
    expect(new URL(url).searchParams.get('node')).toBe(who === 'a' ? nodeOfB : nodeOfA);
    // Both keep receiving the game to its end (neither player moves: the ball decides 11 points), and each
    // page shows the final score board.
    await Promise.all([
      waitForScreen(a.player.page, 'gameOver', 180_000),
      waitForScreen(b.player.page, 'gameOver', 180_000),
    ]);
    for (const watched of [a, b]) {
      expect(await watched.player.page.getByTestId('own-score').textContent()).toMatch(/^\d+$/);
      expect(watched.player.errors.filter((e) => e !== KNOWN_SIGN_IN_401)).toEqual([]);
    }
    for (const watched of [a, b]) await watched.player.close();
  }, 420_000);
});
