import { createContext, useContext } from 'react';
import type { AdminGameRow } from '../../common/api/admin-rows.ts';
import type { Cluster } from '../wallet/wallet-api.ts';

/** What the inspector dialog can show: a wallet's detail, an IP's wallets, or a game with its replay. */
export type InspectTarget =
  | { kind: 'wallet'; address: string }
  | { kind: 'ip'; ip: string }
  | { kind: 'game'; game: AdminGameRow };

/** What any cell of the back-office may do: open a detail, search, or link to the cluster's explorer. */
export interface AdminPanelApi {
  inspect(target: InspectTarget): void;
  search(term: string): void;
  cluster: Cluster | null;
}

export const AdminPanelContext = createContext<AdminPanelApi | null>(null);

export function useAdminPanel(): AdminPanelApi {
  const api = useContext(AdminPanelContext);
  if (!api) throw new Error('useAdminPanel must be used within the admin dashboard');
  return api;
}
