import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Clock } from '../../src/common/clock.ts';
import { loadConfig } from '../../src/server/config.ts';
import type { ChannelLimits } from '../../src/server/gateway/limits.ts';
import { type RunningServer, type StartOptions, startServer } from '../../src/server/main.ts';
import { packageRoot } from '../../src/server/package-root.ts';
import { copyBuiltClient } from './build-client.ts';
import { seedMigratedPglite } from './migrated-templates.ts';
import { watched } from './until.ts';

export interface TestServer extends RunningServer {
  dataDir: string;
  stop(): Promise<void>;
  /**
   * Stops the server as an operator's restart does (its shutdown settles what is open), runs `whileDown`
   * with nothing listening, and starts it again on the same port, database and chain. The fields of this
   * object (app, db, game, ...) are the new run's afterwards.
   */
  restart(options?: { whileDown?: () => Promise<void> }): Promise<void>;
}

/**
 * The admin every test server creates at start (ADMIN_EMAIL / ADMIN_PASSWORD), so that it prints no
 * bootstrap notice with a random password and a test can sign in to /admin. A test's own env overrides them.
 */
export const TEST_ADMIN_EMAIL = 'ops@pong.example';
export const TEST_ADMIN_PASSWORD = 'an operator password';

const PER_ADDRESS_UNLIMITED: Partial<ChannelLimits> = {
  socketsPerIp: 100_000,
  handshakesPerIpPerMinute: 100_000,
  ipPaddleMovesPerSecond: 1_000_000,
  ipPaddleMoveBurst: 1_000_000,
  ipMessagesPerSecond: 1_000_000,
  ipMessageBurst: 1_000_000,
};

/** The real product on a free port, with its own temporary DATA_DIR (embedded PGlite and local chain). */
export async function startTestServer(
  options: {
    env?: Record<string, string>;
    clock?: Clock;
    withClient?: boolean;
    noPayoutWorker?: boolean;
    /** No match runner: the test steps every tick itself, with a fake clock. */
    manualTicks?: boolean;
    paymentSweeper?: StartOptions['paymentSweeper'];
    rpcUrl?: () => string;
    /** The local /rpc limits; generous unless a test passes `{}` (the product's defaults) or its own. */
    rpcLimits?: StartOptions['limits'] extends infer L ? (L extends { rpc?: infer R } ? R : never) : never;
    /** Game channel limits over the test defaults below, e.g. the per-address caps a test proves. */
    channelLimits?: Partial<ChannelLimits>;
  } = {},
): Promise<TestServer> {
  const root = packageRoot();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'pong-data-'));
  // A copy of the migrated PGlite, as a server restarting on its own data finds it: opening a new one and
  // migrating it is most of a test server's start on a busy machine.
  if (!options.env?.DATABASE_URL) await seedMigratedPglite(dataDir);
  // Its own copy of the built client: a rebuild elsewhere cannot swap the chunks its pages load.
  const clientDir = options.withClient
    ? copyBuiltClient(root, path.join(dataDir, 'client'))
    : path.join(root, 'dist/client');
  const baseEnv = {
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'error',
    ADMIN_EMAIL: TEST_ADMIN_EMAIL,
    ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
    // The browser tests sign in with the password alone; a test of the second factor sets its own roles.
    ADMIN_2FA_ROLES: '',
  };
  // A restart serves the port the first run was given, so its origins are that port's.
  const configOn = (port: string) =>
    loadConfig({
      ...baseEnv,
      PORT: port,
      ...options.env,
    });
  const start = (port: string) =>
    startServer({
      config: configOn(port),
      clientDir,
      ...(options.clock ? { clock: options.clock } : {}),
      ...(options.noPayoutWorker ? { noPayoutWorker: true } : {}),
      ...(options.manualTicks ? { manualTicks: true } : {}),
      ...(options.paymentSweeper ? { paymentSweeper: options.paymentSweeper } : {}),
      ...(options.rpcUrl ? { rpcUrl: options.rpcUrl } : {}),
      // Many sign-ins from one address in a test run.
      limits: {
        signIn: {
          signIn: { capacity: 10_000, refillPerMinute: 10_000 },
          me: { capacity: 10_000, refillPerMinute: 10_000 },
        },
        // Tests fund players generously and poll fast; the product's /rpc limits have a test of their own.
        rpc: options.rpcLimits ?? { perIp: null, maxAirdropLamports: 1_000_000n * 1_000_000_000n },
        // Every test player connects from 127.0.0.1: the game channel's per-address caps would see one client.
        channel: { ...PER_ADDRESS_UNLIMITED, ...options.channelLimits },
      },
    });
  let server = await start('0');
  const port = new URL(server.url).port;
  const testServer: TestServer = {
    ...server,
    dataDir,
    stop: async () => {
      await closeWatched(server);
      await rm(dataDir, { recursive: true, force: true });
    },
    restart: async ({ whileDown } = {}) => {
      await closeWatched(server);
      await whileDown?.();
      server = await start(port);
      Object.assign(testServer, server, { url: testServer.url });
    },
  };
  return testServer;
}

/** Closes a server, saying every 30 s which step of its stop it still waits on, should it hang. */
function closeWatched(server: RunningServer): Promise<void> {
  return watched(() => `the stop of the test server at ${server.url}: ${server.stopStep()}`, server.close());
}
