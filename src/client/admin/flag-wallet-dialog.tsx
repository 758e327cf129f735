import { type FormEvent, useState } from 'react';
import { FLAG_SEVERITIES, type FlagSeverity } from '../../common/api/admin-rows.ts';
import { shortenAddress } from '../../common/format.ts';
import { AdminDialog, BUTTON } from './admin-dialog.tsx';
import { useAdminAction } from './use-admin-action.ts';

const FIELD =
  'mt-1 w-full rounded border-2 border-slate-700 bg-slate-900 px-3 py-2 text-slate-100 focus:border-cyan-400 focus:outline-none';

/** The flag form: a required reason, a severity (default medium) and optional evidence text. */
export function FlagWalletDialog({
  address,
  open,
  onOpenChange,
}: {
  address: string;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const [reason, setReason] = useState('');
  const [severity, setSeverity] = useState<FlagSeverity>('medium');
  const [evidence, setEvidence] = useState('');
  const [error, setError] = useState<string | null>(null);
  const action = useAdminAction('flagWallet');

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!reason.trim()) {
      setError('Reason is required');
      return;
    }
    const body = {
      walletAddress: address,
      reason: reason.trim(),
      severity,
      ...(evidence.trim() ? { evidence: evidence.trim() } : {}),
    };
    try {
      await action.mutateAsync(body);
      setReason('');
      setEvidence('');
      setError(null);
      onOpenChange(false);
    } catch {
      // The action's toast said what failed.
    }
  }

  return (
    <AdminDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Flag Wallet"
      description={`Mark ${shortenAddress(address)} for review.`}
    >
      <form noValidate onSubmit={submit} className="mt-4 space-y-3 text-xs">
        <label className="block text-slate-300">
          Reason
          <input required value={reason} onChange={(e) => setReason(e.target.value)} className={FIELD} />
        </label>
        <label className="block text-slate-300">
          Severity
          <select
            value={severity}
            onChange={(e) => setSeverity(e.target.value as FlagSeverity)}
            className={FIELD}
          >
            {FLAG_SEVERITIES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </label>
        <label className="block text-slate-300">
          Evidence
          <textarea
            rows={3}
            value={evidence}
            onChange={(e) => setEvidence(e.target.value)}
            className={FIELD}
          />
        </label>
        {error && (
          <p role="alert" className="text-red-400">
            {error}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <button type="button" className={BUTTON.ghost} onClick={() => onOpenChange(false)}>
            Cancel
          </button>
          <button type="submit" disabled={action.isPending} className={BUTTON.danger}>
            Flag Wallet
          </button>
        </div>
      </form>
    </AdminDialog>
  );
}
