import { createContext, useContext } from 'react';
import type { Cluster } from '../wallet/wallet-api.ts';

/**
 * What any cell of the back-office may do besides linking to a place (a wallet, an IP or a game has its
 * own page: src/common/admin-places.ts): search for a term, or link to the cluster's explorer.
 */
export interface AdminPanelApi {
  search(term: string): void;
  cluster: Cluster | null;
}

export const AdminPanelContext = createContext<AdminPanelApi | null>(null);

export function useAdminPanel(): AdminPanelApi {
  const api = useContext(AdminPanelContext);
  if (!api) throw new Error('useAdminPanel must be used within the admin dashboard');
  return api;
}
