import { type FormEvent, useState } from 'react';
import { AdminDialog, BUTTON } from './admin-dialog.tsx';

/**
 * SPEC §5: a wallet ban or unban needs a non-empty reason (cancelled or empty does nothing). Also used for
 * a flag's resolution. `onSubmit` gets the trimmed text; the dialog closes once it resolves.
 */
export function ReasonDialog({
  open,
  onOpenChange,
  title,
  description,
  label = 'Reason',
  confirmLabel,
  danger = false,
  onSubmit,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  description: string;
  label?: string;
  confirmLabel: string;
  danger?: boolean;
  onSubmit(reason: string): Promise<unknown>;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const close = (next: boolean) => {
    if (!next) {
      setReason('');
      setError(null);
    }
    onOpenChange(next);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const text = reason.trim();
    if (!text) {
      setError(`${label} is required`);
      return;
    }
    setBusy(true);
    try {
      await onSubmit(text);
      close(false);
    } catch {
      // The action's own toast has said what failed; the dialog stays open to try again.
    } finally {
      setBusy(false);
    }
  }

  return (
    <AdminDialog open={open} onOpenChange={close} title={title} description={description}>
      <form noValidate onSubmit={submit} className="mt-4 space-y-3">
        <label className="block text-slate-300 text-xs">
          {label}
          <textarea
            required
            rows={3}
            value={reason}
            disabled={busy}
            aria-invalid={error ? true : undefined}
            onChange={(e) => setReason(e.target.value)}
            className="mt-1 w-full rounded border-2 border-slate-700 bg-slate-900 px-3 py-2 text-slate-100 focus:border-cyan-400 focus:outline-none"
          />
        </label>
        {error && (
          <p role="alert" className="text-red-400 text-xs">
            {error}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <button type="button" className={BUTTON.ghost} onClick={() => close(false)}>
            Cancel
          </button>
          <button type="submit" disabled={busy} className={danger ? BUTTON.danger : BUTTON.primary}>
            {confirmLabel}
          </button>
        </div>
      </form>
    </AdminDialog>
  );
}
