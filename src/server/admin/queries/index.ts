// The admin API's queries and actions, one concept per file; the routes call these.
export type { ActionResult } from './action-result.ts';
export { type IpWalletRow, ipsOfWallet, type WalletIpRow, walletsOfIp } from './associations.ts';
export {
  type ActingAdmin,
  BAN_ACTION_ERRORS,
  BAN_ACTION_MESSAGES,
  banIpAction,
  banWalletAction,
  unbanIpAction,
  unbanWalletAction,
} from './ban-actions.ts';
export { type AdminBannedWalletRow, listBannedWallets } from './banned-wallets-list.ts';
export {
  DEFAULT_PAGE_LIMIT,
  InvalidCursorError,
  MAX_PAGE_LIMIT,
  type Page,
  type PageRequest,
} from './cursor.ts';
export { FLAG_ACTION_ERRORS, FLAG_SEVERITIES, flagWalletAction, resolveFlagAction } from './flag-actions.ts';
export { type AdminFlaggedWalletRow, listFlaggedWallets } from './flagged-wallets-list.ts';
export { type AdminGameRow, listGames } from './games-list.ts';
export { type AdminIpRow, listIps } from './ips-list.ts';
export { type AdminStats, adminStats } from './stats.ts';
export { type AdminSystemEventRow, listSystemEvents } from './system-events-list.ts';
export { type AdminTransactionRow, listTransactions } from './transactions-list.ts';
export { type WalletDetail, walletDetail } from './wallet-detail.ts';
export { type AdminWalletRow, listWallets } from './wallets-list.ts';
