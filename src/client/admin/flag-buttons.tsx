import { useState } from 'react';
import type { AdminFlaggedWalletRow } from '../../common/api/admin-rows.ts';
import { shortenAddress } from '../../common/format.ts';
import { BUTTON } from './admin-dialog.tsx';
import { useAdminCan } from './admin-role.ts';
import { FlagWalletDialog } from './flag-wallet-dialog.tsx';
import { ReasonDialog } from './reason-dialog.tsx';
import { useAdminAction } from './use-admin-action.ts';

/** Flag a wallet for review (SPEC §3 flagged wallet: reason, severity, evidence). */
export function FlagWalletButton({ address }: { address: string }) {
  const [open, setOpen] = useState(false);
  if (!useAdminCan('act')) return null;
  return (
    <>
      <button
        type="button"
        aria-label={`Flag wallet ${address}`}
        className={`${BUTTON.small} border-yellow-500 text-yellow-300 hover:bg-yellow-950`}
        onClick={() => setOpen(true)}
      >
        Flag
      </button>
      <FlagWalletDialog address={address} open={open} onOpenChange={setOpen} />
    </>
  );
}

/** Close an open flag with a resolution note. */
export function ResolveFlagButton({ flag }: { flag: AdminFlaggedWalletRow }) {
  const [open, setOpen] = useState(false);
  const action = useAdminAction('resolveFlag');
  if (!useAdminCan('act')) return null;
  return (
    <>
      <button
        type="button"
        aria-label={`Resolve flag of ${flag.walletAddress}`}
        className={`${BUTTON.small} border-green-500 text-green-300 hover:bg-green-950`}
        onClick={() => setOpen(true)}
      >
        Resolve
      </button>
      <ReasonDialog
        open={open}
        onOpenChange={setOpen}
        title="Resolve Flag"
        description={`Close the flag of ${shortenAddress(flag.walletAddress)}: say what was found.`}
        label="Resolution"
        confirmLabel="Resolve Flag"
        onSubmit={(resolution) => action.mutateAsync({ flagId: flag.id, resolution })}
      />
    </>
  );
}

/**
 * Ban the wallet of an open flag, from the review queue: the ban takes the reason asked for, then the flag is
 * closed with it ('Banned: …'), so the queue holds only what still needs a decision.
 */
export function BanFlaggedButton({ flag }: { flag: AdminFlaggedWalletRow }) {
  const [open, setOpen] = useState(false);
  const ban = useAdminAction('banWallet');
  const resolve = useAdminAction('resolveFlag');
  return (
    <>
      <button
        type="button"
        aria-label={`Ban flagged wallet ${flag.walletAddress}`}
        className={`${BUTTON.small} border-red-500 text-red-300 hover:bg-red-950`}
        onClick={() => setOpen(true)}
      >
        Ban
      </button>
      <ReasonDialog
        open={open}
        onOpenChange={setOpen}
        title="Ban Wallet"
        description={`Ban ${shortenAddress(flag.walletAddress)} and close its flag: the reason is kept with both.`}
        confirmLabel="Ban Wallet"
        danger
        onSubmit={async (reason) => {
          await ban.mutateAsync({ walletAddress: flag.walletAddress, reason });
          await resolve.mutateAsync({ flagId: flag.id, resolution: `Banned: ${reason}` });
        }}
      />
    </>
  );
}
