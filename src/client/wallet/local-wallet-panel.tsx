import { useState } from 'react';
import { Spinner } from '../ui/spinner.tsx';
import { useToast } from '../ui/toast-provider.tsx';
import { useWallet } from './wallet-api.ts';

/** 'Airdrop test SOL': shown only while the Local Wallet is connected on localnet. */
export function LocalWalletPanel() {
  const wallet = useWallet();
  const { toast } = useToast();
  const [busy, setBusy] = useState(false);
  if (!wallet.localWallet) return null;
  const airdrop = wallet.localWallet.airdrop;
  return (
    <section
      aria-label="Local Wallet"
      className="flex flex-wrap items-center gap-3 rounded border border-yellow-400/40 bg-slate-950/80 px-3 py-2 font-retro text-xs"
    >
      <span className="text-slate-400">Local chain: test SOL only</span>
      <button
        type="button"
        data-testid="airdrop-button"
        disabled={busy}
        aria-busy={busy}
        onClick={async () => {
          setBusy(true);
          try {
            await airdrop();
            toast({ title: 'Airdrop Received', description: '1 test SOL is in your Local Wallet.' });
          } catch (error) {
            toast({
              title: 'Airdrop Failed',
              description: error instanceof Error ? error.message : String(error),
              variant: 'destructive',
            });
          } finally {
            setBusy(false);
          }
        }}
        className="inline-flex items-center gap-2 rounded border-2 border-yellow-400 px-3 py-1 font-bold text-yellow-300 hover:bg-yellow-400 hover:text-slate-950 disabled:opacity-60"
      >
        {busy && <Spinner />}
        Airdrop test SOL
      </button>
    </section>
  );
}
