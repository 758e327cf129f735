import { DEFAULT_BAN_MESSAGES } from './ban-status.ts';

/** SPEC §2 'Account Restricted' banner and §6: the restriction message plus the support hint. */
export function RestrictedBanner({ message }: { message: string | null }) {
  return (
    <div
      role="alert"
      data-testid="restricted-banner"
      className="mx-auto max-w-2xl rounded-lg border-2 border-red-500 bg-red-950/70 p-4 text-red-100"
    >
      <p className="font-bold tracking-widest">Account Restricted</p>
      <p className="mt-2 text-sm">{message ?? DEFAULT_BAN_MESSAGES.account}</p>
      <p className="mt-2 text-red-200/80 text-xs">Please contact support for assistance.</p>
    </div>
  );
}

/**
 * SPEC §1 restricted jurisdictions, said before any payment: the paid mode cards are
 * disabled and this tells why; practice stays open.
 */
export function PaidPlayRestrictedNotice({ message }: { message: string }) {
  return (
    <div
      role="status"
      data-testid="paid-play-restricted"
      className="mx-auto max-w-2xl rounded-lg border-2 border-yellow-500 bg-yellow-950/60 p-4 text-yellow-100"
    >
      <p className="font-bold tracking-widest">Restricted Jurisdiction</p>
      <p className="mt-2 text-sm">{message}</p>
    </div>
  );
}
