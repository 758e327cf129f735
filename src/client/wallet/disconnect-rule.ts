/**
 * SPEC §4: a wallet's disconnect event is ignored while the page is hidden or still loading, or while the
 * wallet itself still reports an account (wallets fire spurious disconnects when a tab is backgrounded or
 * the app switches on mobile; acting on them would drop a player mid-match).
 */
export function shouldIgnoreDisconnect(facts: {
  pageHidden: boolean;
  pageLoading: boolean;
  walletStillConnected: boolean;
}): boolean {
  return facts.pageHidden || facts.pageLoading || facts.walletStillConnected;
}
