import type { AdminRoutes } from '../admin-context.ts';
import { gameReplay } from '../queries/game-replay.ts';
import { ipsOfWallet, walletDetail, walletsOfIp } from '../queries/index.ts';
import { ipParam, pageQuery, uuidInput, walletParam } from './route-input.ts';

export const GAME_NOT_FOUND = 'Game not found';

/** One wallet, its IPs, an IP's wallets (SPEC §7 associations both ways), and a game's replay (issue 10 point 9). */
export const detailRoutes: AdminRoutes = (scope, { db }) => {
  scope.get<{ Params: { wallet: string } }>('/wallets/:wallet', async ({ params }) =>
    walletDetail(db, walletParam(params.wallet)),
  );
  scope.get<{ Params: { wallet: string } }>('/wallets/:wallet/ips', async ({ params, query }) =>
    ipsOfWallet(db, walletParam(params.wallet), pageQuery(query)),
  );
  scope.get<{ Params: { ip: string } }>('/ips/:ip/wallets', async ({ params, query }) =>
    walletsOfIp(db, ipParam(params.ip), pageQuery(query)),
  );
  scope.get<{ Params: { id: string } }>('/games/:id/replay', async ({ params }, reply) => {
    const replay = await gameReplay(db, uuidInput(params.id, 'game id'));
    return replay ?? reply.code(404).send({ error: GAME_NOT_FOUND });
  });
};
