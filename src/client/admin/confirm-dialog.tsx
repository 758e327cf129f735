import { useState } from 'react';
import { AdminDialog, BUTTON } from './admin-dialog.tsx';

/** SPEC §5: an IP ban or unban needs a confirmation; nothing is sent until the admin confirms. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  onConfirm,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  description: string;
  confirmLabel: string;
  onConfirm(): Promise<unknown>;
}) {
  const [busy, setBusy] = useState(false);
  async function confirm() {
    setBusy(true);
    try {
      await onConfirm();
      onOpenChange(false);
    } catch {
      // The action's toast said what failed.
    } finally {
      setBusy(false);
    }
  }
  return (
    <AdminDialog open={open} onOpenChange={onOpenChange} title={title} description={description}>
      <div className="mt-4 flex justify-end gap-2">
        <button type="button" className={BUTTON.ghost} onClick={() => onOpenChange(false)}>
          Cancel
        </button>
        <button type="button" disabled={busy} className={BUTTON.danger} onClick={confirm}>
          {confirmLabel}
        </button>
      </div>
    </AdminDialog>
  );
}
