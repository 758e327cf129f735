import { useState } from 'react';
import { shortenAddress } from '../../common/format.ts';
import { BUTTON } from './admin-dialog.tsx';
import { useAdminCan } from './admin-role.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { ReasonDialog } from './reason-dialog.tsx';
import { useAdminAction } from './use-admin-action.ts';

const BAN_CLASSES = `${BUTTON.small} border-red-500 text-red-300 hover:bg-red-950`;
const UNBAN_CLASSES = `${BUTTON.small} border-green-500 text-green-300 hover:bg-green-950`;

/** Ban or unban a wallet: asks for the reason first (SPEC §5), then posts it. */
export function WalletBanButton({ address, banned }: { address: string; banned: boolean }) {
  const [open, setOpen] = useState(false);
  const action = useAdminAction(banned ? 'unbanWallet' : 'banWallet');
  const verb = banned ? 'Unban' : 'Ban';
  if (!useAdminCan('act')) return null;
  return (
    <>
      <button
        type="button"
        aria-label={`${verb} wallet ${address}`}
        className={banned ? UNBAN_CLASSES : BAN_CLASSES}
        onClick={() => setOpen(true)}
      >
        {verb}
      </button>
      <ReasonDialog
        open={open}
        onOpenChange={setOpen}
        title={`${verb} Wallet`}
        description={`${verb} ${shortenAddress(address)}: the reason is kept with the ban record.`}
        confirmLabel={`${verb} Wallet`}
        danger={!banned}
        onSubmit={(reason) => action.mutateAsync({ walletAddress: address, reason })}
      />
    </>
  );
}

/**
 * Ban or unban an IP after a confirmation (SPEC §5); on the IP's own page (`withReason`) the reason is asked
 * and kept with the ban record, as a wallet's is.
 */
export function IpBanButton({
  ip,
  banned,
  withReason = false,
}: {
  ip: string;
  banned: boolean;
  withReason?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const action = useAdminAction(banned ? 'unbanIp' : 'banIp');
  const verb = banned ? 'Unban' : 'Ban';
  if (!useAdminCan('act')) return null;
  const trigger = (
    <button
      type="button"
      aria-label={`${verb} IP ${ip}`}
      className={banned ? UNBAN_CLASSES : BAN_CLASSES}
      onClick={() => setOpen(true)}
    >
      {verb}
    </button>
  );
  if (withReason) {
    return (
      <>
        {trigger}
        <ReasonDialog
          open={open}
          onOpenChange={setOpen}
          title={`${verb} IP Address`}
          description={
            banned
              ? `Allow ${ip} to sign in and play again: the reason is kept with the ban record.`
              : `Refuse every sign-in and search from ${ip} (live searches from it are cancelled and refunded): the reason is kept with the ban record.`
          }
          confirmLabel={`${verb} IP`}
          danger={!banned}
          onSubmit={(reason) => action.mutateAsync({ ipAddress: ip, reason })}
        />
      </>
    );
  }
  return (
    <>
      {trigger}
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={`${verb} IP Address`}
        description={
          banned
            ? `Allow ${ip} to sign in and play again?`
            : `Refuse every sign-in and search from ${ip}? Live searches from it are cancelled and refunded.`
        }
        confirmLabel={`${verb} IP`}
        onConfirm={() => action.mutateAsync({ ipAddress: ip })}
      />
    </>
  );
}
