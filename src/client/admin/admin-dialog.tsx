import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';

const WIDTHS = { narrow: 'max-w-md', wide: 'max-w-2xl' } as const;

/**
 * The back-office's dialog frame (retro look of the player app's dialogs). Centred and never taller than the
 * screen less 14rem, so its top edge, and its close button, stay below the toast area at the top right (a
 * toast is at most about 6rem tall there).
 */
export function AdminDialog({
  open,
  onOpenChange,
  title,
  description,
  width = 'narrow',
  children,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: ReactNode;
  description?: ReactNode;
  width?: keyof typeof WIDTHS;
  children: ReactNode;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/80" />
        <Dialog.Content
          className={`fixed top-1/2 left-1/2 z-50 max-h-[calc(100vh-14rem)] w-[calc(100%-1rem)] ${WIDTHS[width]} -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg border-2 border-cyan-400/60 bg-slate-950 p-4 font-retro text-slate-200 text-sm shadow-xl shadow-cyan-500/20 sm:p-5`}
        >
          <Dialog.Title className="break-all pr-6 font-bold text-base text-cyan-300 tracking-wider">
            {title}
          </Dialog.Title>
          <Dialog.Description className="mt-1 text-slate-400 text-xs">{description ?? ''}</Dialog.Description>
          <Dialog.Close
            aria-label="Close"
            className="absolute top-3 right-3 rounded px-1 text-lg text-slate-400 leading-none hover:text-slate-100"
          >
            ×
          </Dialog.Close>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

export const BUTTON = {
  primary: 'rounded bg-cyan-500 px-4 py-1.5 font-bold text-slate-950 hover:bg-cyan-400 disabled:opacity-50',
  danger: 'rounded bg-red-600 px-4 py-1.5 font-bold text-white hover:bg-red-500 disabled:opacity-50',
  ghost: 'rounded border border-slate-600 px-4 py-1.5 text-slate-200 hover:bg-slate-800',
  small: 'rounded border px-2 py-0.5 text-[11px] whitespace-nowrap disabled:opacity-50',
} as const;
