import type { AdminGameRow, IpWalletRow, WalletIpRow } from '../../../common/api/admin-rows.ts';
import type { AdminGameReplay, IpDetail, WalletDetail } from '../../../common/api/admin-views.ts';
import type { WalletMoneyAnswer } from '../../../common/api/wallet-money.ts';
import type { Page } from '../../../common/api/wire-values.ts';
import type { Replies } from '../../http/contract-reply.ts';
import { pathParams, type RouteOf } from '../../route-schemas.ts';
import type { AdminRoutes } from '../admin-context.ts';
import { allow, ROLES } from '../admin-roles.ts';
import { gameReplay } from '../queries/game-replay.ts';
import { adminGame, listGames } from '../queries/games-list.ts';
import { ipsOfWallet, walletDetail, walletsOfIp } from '../queries/index.ts';
import { ipDetail } from '../queries/ip-detail.ts';
import { walletMoney } from '../queries/wallet-money.ts';
import { ipParam, pageQuery, uuidInput, walletParam } from './route-input.ts';

const WALLET_PARAMS = pathParams('wallet');
const IP_PARAMS = pathParams('ip');
const ID_PARAMS = pathParams('id');

export const GAME_NOT_FOUND = 'Game not found';

/**
 * One wallet, its money timeline, its IPs and its games, an IP's wallets (SPEC §7 associations both ways), and one game with its
 * replay: what the back-office's own pages (/admin/wallets/<address>, /admin/ips/<ip>, /admin/games/<id>) read.
 */
export const detailRoutes: AdminRoutes = (scope, { db, clock }) => {
  scope.get<RouteOf<{ params: typeof WALLET_PARAMS }, Replies<WalletDetail>>>(
    '/wallets/:wallet',
    allow(ROLES.read),
    async ({ params }) => walletDetail(db, walletParam(WALLET_PARAMS.parse(params).wallet), {}, clock.now()),
  );
  scope.get<RouteOf<{ params: typeof WALLET_PARAMS }, Replies<Page<WalletIpRow>>>>(
    '/wallets/:wallet/ips',
    allow(ROLES.read),
    async ({ params, query }) =>
      ipsOfWallet(db, walletParam(WALLET_PARAMS.parse(params).wallet), pageQuery(query)),
  );
  scope.get<RouteOf<{ params: typeof WALLET_PARAMS }, Replies<WalletMoneyAnswer>>>(
    '/wallets/:wallet/money',
    allow(ROLES.read),
    async ({ params, query }) =>
      walletMoney(db, walletParam(WALLET_PARAMS.parse(params).wallet), pageQuery(query)),
  );
  scope.get<RouteOf<{ params: typeof WALLET_PARAMS }, Replies<Page<AdminGameRow>>>>(
    '/wallets/:wallet/games',
    allow(ROLES.read),
    async ({ params, query }) =>
      listGames(db, { ...pageQuery(query), wallet: walletParam(WALLET_PARAMS.parse(params).wallet) }),
  );
  scope.get<RouteOf<{ params: typeof IP_PARAMS }, Replies<IpDetail>>>(
    '/ips/:ip',
    allow(ROLES.read),
    async ({ params }) => ipDetail(db, ipParam(IP_PARAMS.parse(params).ip)),
  );
  scope.get<RouteOf<{ params: typeof IP_PARAMS }, Replies<Page<IpWalletRow>>>>(
    '/ips/:ip/wallets',
    allow(ROLES.read),
    async ({ params, query }) => walletsOfIp(db, ipParam(IP_PARAMS.parse(params).ip), pageQuery(query)),
  );
  scope.get<RouteOf<{ params: typeof ID_PARAMS }, Replies<AdminGameRow>>>(
    '/games/:id',
    allow(ROLES.read),
    async ({ params }, reply) => {
      const game = await adminGame(db, uuidInput(ID_PARAMS.parse(params).id, 'game id'));
      return game ?? reply.code(404).send({ error: GAME_NOT_FOUND });
    },
  );
  scope.get<RouteOf<{ params: typeof ID_PARAMS }, Replies<AdminGameReplay>>>(
    '/games/:id/replay',
    allow(ROLES.read),
    async ({ params }, reply) => {
      const replay = await gameReplay(db, uuidInput(ID_PARAMS.parse(params).id, 'game id'));
      return replay ?? reply.code(404).send({ error: GAME_NOT_FOUND });
    },
  );
};
