import Fastify from 'fastify';
import { expect } from 'vitest';
import type { Clock } from '../../../common/clock.ts';
import type { LossLimitKind } from '../../../common/player-limits.ts';
import type { SelfExclusionPeriod } from '../../../common/rules.ts';
import type { Database } from '../../db/database.ts';
import { registerPlayerLimitsRoutes } from '../../http/player-limits-routes.ts';
import { createPlayerSessions, PLAYER_SESSION_COOKIE } from '../../security/player-sessions.ts';

/**
 * The player limits routes of one node, as a signed-in wallet calls them (a real session cookie, the real
 * routes and store): each change asks `protectionChanged` (the node's bus) to act, as main.ts wires it.
 */
export function limitsRoute(deps: {
  db: Database;
  clock: Clock;
  protectionChanged: (walletAddress: string) => void;
}) {
  const sessions = createPlayerSessions({ db: deps.db, clock: deps.clock });
  const app = Fastify();
  registerPlayerLimitsRoutes(app, { ...deps, playerSessions: sessions });
  const put = async (walletAddress: string, path: '/exclusion' | '/loss', payload: object) => {
    const { token } = await sessions.start({ walletAddress, ip: '127.0.0.1', userAgent: 'test' });
    const res = await app.inject({
      method: 'PUT',
      url: `/api/player/limits${path}`,
      headers: { cookie: `${PLAYER_SESSION_COOKIE}=${token}` },
      payload,
    });
    expect(res.statusCode).toBe(200);
  };
  return {
    exclude: (walletAddress: string, period: SelfExclusionPeriod) =>
      put(walletAddress, '/exclusion', { period }),
    lossLimit: (walletAddress: string, kind: LossLimitKind, lamports: bigint) =>
      put(walletAddress, '/loss', { kind, lamports: lamports.toString() }),
    close: () => app.close(),
  };
}
