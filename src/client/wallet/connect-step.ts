/**
 * SPEC §2/§4/§5: what connecting does once the terms are accepted. Inside a wallet app's own browser:
 * 'Direct Connect'. On a phone elsewhere: the mobile wallet dialog (the wallets found, such as the Local
 * Wallet, are listed in it too). On a desktop: the download page without a wallet, the wallet itself when
 * there is one, the chooser when there are several. On the local chain the wallet apps cannot reach it (it
 * is this server's own): a phone outside a wallet app gets the desktop steps, so the Local Wallet it finds.
 */
export type ConnectStep<W> =
  | { kind: 'direct'; walletName: string }
  | { kind: 'mobile'; wallets: readonly W[] }
  | { kind: 'download' }
  | { kind: 'connect'; wallet: W }
  | { kind: 'chooser'; wallets: readonly W[] };

export function connectStep<W>(
  device: { isMobile: boolean; inWalletApp: string | null },
  found: readonly W[],
  walletAppsReachChain = true,
): ConnectStep<W> {
  if (device.isMobile && device.inWalletApp) return { kind: 'direct', walletName: device.inWalletApp };
  if (device.isMobile && walletAppsReachChain) return { kind: 'mobile', wallets: found };
  const [only, ...others] = found;
  if (!only) return { kind: 'download' };
  return others.length === 0 ? { kind: 'connect', wallet: only } : { kind: 'chooser', wallets: found };
}
