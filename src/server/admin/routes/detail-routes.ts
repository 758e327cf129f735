import type { AdminGameRow, IpWalletRow, WalletIpRow } from '../../../common/api/admin-rows.ts';
import type { AdminGameReplay, WalletDetail } from '../../../common/api/admin-views.ts';
import type { Page } from '../../../common/api/wire-values.ts';
import type { Replies } from '../../http/contract-reply.ts';
import type { AdminRoutes } from '../admin-context.ts';
import { allow, ROLES } from '../admin-roles.ts';
import { gameReplay } from '../queries/game-replay.ts';
import { adminGame, listGames } from '../queries/games-list.ts';
import { ipsOfWallet, walletDetail, walletsOfIp } from '../queries/index.ts';
import { ipParam, pageQuery, uuidInput, walletParam } from './route-input.ts';

export const GAME_NOT_FOUND = 'Game not found';

/**
 * One wallet, its IPs and its games, an IP's wallets (SPEC §7 associations both ways), and one game with its
 * replay: what the back-office's own pages (/admin/wallets/<address>, /admin/ips/<ip>, /admin/games/<id>) read.
 */
export const detailRoutes: AdminRoutes = (scope, { db, clock }) => {
  scope.get<{ Params: { wallet: string }; Reply: Replies<WalletDetail> }>(
    '/wallets/:wallet',
    allow(ROLES.read),
    async ({ params }) => walletDetail(db, walletParam(params.wallet), {}, clock.now()),
  );
  scope.get<{ Params: { wallet: string }; Reply: Replies<Page<WalletIpRow>> }>(
    '/wallets/:wallet/ips',
    allow(ROLES.read),
    async ({ params, query }) => ipsOfWallet(db, walletParam(params.wallet), pageQuery(query)),
  );
  scope.get<{ Params: { wallet: string }; Reply: Replies<Page<AdminGameRow>> }>(
    '/wallets/:wallet/games',
    allow(ROLES.read),
    async ({ params, query }) => listGames(db, { ...pageQuery(query), wallet: walletParam(params.wallet) }),
  );
  scope.get<{ Params: { ip: string }; Reply: Replies<Page<IpWalletRow>> }>(
    '/ips/:ip/wallets',
    allow(ROLES.read),
    async ({ params, query }) => walletsOfIp(db, ipParam(params.ip), pageQuery(query)),
  );
  scope.get<{ Params: { id: string }; Reply: Replies<AdminGameRow> }>(
    '/games/:id',
    allow(ROLES.read),
    async ({ params }, reply) => {
      const game = await adminGame(db, uuidInput(params.id, 'game id'));
      return game ?? reply.code(404).send({ error: GAME_NOT_FOUND });
    },
  );
  scope.get<{ Params: { id: string }; Reply: Replies<AdminGameReplay> }>(
    '/games/:id/replay',
    allow(ROLES.read),
    async ({ params }, reply) => {
      const replay = await gameReplay(db, uuidInput(params.id, 'game id'));
      return replay ?? reply.code(404).send({ error: GAME_NOT_FOUND });
    },
  );
};
